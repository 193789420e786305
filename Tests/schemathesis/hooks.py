"""schemathesis hooks for Tests/schemathesis/run.sh (loaded through the `hooks` key of the config it writes).

Every /v1 operation checks the `Stint-Protocol` header first. The document allows any integer from 0 to
1000000 there, so generated requests would nearly all stop at 426 (the coverage phase even sends the
boundary value 0 in every one of its requests, and it ignores the config's dictionaries). A fixed override
to "1" would let nothing reach 426 at all. So: about 7 of 8 requests that carry the header speak protocol 1
and reach the operation itself; the rest keep the generated value (0, 1000000, a string in negative mode...)
and exercise the 400 / 426 answers. A request generated without the header keeps going without it (400).
"""

import os
import random

import schemathesis

_KEEP_GENERATED = 1 / 8
_seed = os.environ.get("STINT_SCHEMATHESIS_SEED")
_rng = random.Random(int(_seed) if _seed else None)


@schemathesis.hook
def before_call(context, case, kwargs):
    headers = case.headers
    if not headers:
        return
    for name in list(headers):
        if name.lower() == "stint-protocol" and _rng.random() >= _KEEP_GENERATED:
            headers[name] = "1"
