// Suite 2, shard 4 of 4: see fuzz-suite.ts.
import { fuzzShard } from './fuzz-suite.ts';

fuzzShard(4, 4);
