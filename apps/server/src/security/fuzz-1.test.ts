// Suite 2, shard 1 of 4: see fuzz-suite.ts.
import { fuzzShard } from './fuzz-suite.ts';

fuzzShard(1, 4);
