ALTER TABLE "daily_stats" DROP CONSTRAINT "daily_stats_day_metric_pk";--> statement-breakpoint
CREATE UNIQUE INDEX "daily_stats_day_metric_idx" ON "daily_stats" USING btree ("day","metric");