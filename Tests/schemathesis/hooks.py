"""schemathesis hooks for Tests/schemathesis/run.sh (loaded through the `hooks` key of the config it writes).

Every /v1 operation checks the `Stint-Protocol` header first. The document allows any integer from 0 to
1000000 there, so generated requests would nearly all stop at 426 (the coverage phase even sends the
boundary value 0 in every one of its requests, and it ignores the config's dictionaries). A fixed override
to "1" would let nothing reach 426 at all. So: about 7 of 8 requests that carry the header speak protocol 1
and reach the operation itself; the rest keep the generated value (0, 1000000, a string in negative mode...)
and exercise the 400 / 426 answers. A request generated without the header keeps going without it (400).

The server limits failed sign-ins per client address (ADR 0025): ten a minute, then 429 for every request from
that address. schemathesis sends far more than ten bad tokens, all from 127.0.0.1, so without care the second half
of a run would be nothing but 429s. run.sh starts the server with `--trust-forwarded-for`, and this hook plays a
reverse proxy: a request carrying the tester's real token comes from one address, any other Authorization from
another. The guesser's address is refused after its tenth failure and its answers become real 429s (checked
against the document like any other answer), while the tester's requests keep reaching the operations.
"""

import os
import random

import schemathesis

_KEEP_GENERATED = 1 / 8
_CLIENT = "192.0.2.1"  # TEST-NET-1: the tester, who only ever sends its real token
_GUESSER = "192.0.2.66"  # anyone else's Authorization: a wrong, malformed or generated token
_TOKEN = os.environ.get("STINT_SCHEMATHESIS_TOKEN", "")
_seed = os.environ.get("STINT_SCHEMATHESIS_SEED")
_rng = random.Random(int(_seed) if _seed else None)


@schemathesis.hook
def before_call(context, case, kwargs):
    headers = case.headers
    if not headers:
        return
    authorization = None
    for name in list(headers):
        if name.lower() == "stint-protocol" and _rng.random() >= _KEEP_GENERATED:
            headers[name] = "1"
        elif name.lower() == "authorization":
            authorization = headers[name]
    # Without an Authorization header nothing is counted, so the request keeps the connection's own address.
    if authorization is not None:
        headers["X-Forwarded-For"] = _CLIENT if _TOKEN and authorization == f"Bearer {_TOKEN}" else _GUESSER
