// The search engine in use (PostgreSQL's full text, PGlite or PostgreSQL) against what any engine must do.
import { createFullTextSearch } from './full-text.ts';
import { searchEngineSuite } from './engine-suite.ts';

searchEngineSuite('full text', (db) => createFullTextSearch(db));
// Page memory off: every page is searched, so the suite's pages are the tiers' own.
searchEngineSuite('full text, no page memory', (db) => createFullTextSearch(db, { searchPageTtlMs: 0 }));
