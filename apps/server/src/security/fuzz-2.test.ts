// Suite 2, shard 2 of 4: see fuzz-suite.ts.
import { fuzzShard } from './fuzz-suite.ts';

fuzzShard(2, 4);
