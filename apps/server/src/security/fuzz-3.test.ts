// Suite 2, shard 3 of 4: see fuzz-suite.ts.
import { fuzzShard } from './fuzz-suite.ts';

fuzzShard(3, 4);
