"""The compact case key: a 64-bit hash of a case's four key columns, stored with each row.

``datasets history STORE`` groups millions of rows by case; grouping by one 64-bit
number instead of four texts is what keeps it close to DuckDB's own ``GROUP BY``. The
hash is BLAKE2b (8 bytes, as a signed integer, so any Parquet engine reads it as an
int64) of the four values, each length-prefixed, so ``("a/b", "c")`` and ``("a", "b/c")``
differ. It is computed here, not by DuckDB's ``hash()``, whose values may change between
DuckDB versions while a store outlives them.

Two different cases with the same hash would be counted as one, so ``history add``
checks the cases it adds against each other and against the cases the store holds:
the incoming rows of cases that share a hash are stored with no hash (null), and a
store holding such a row (or files written before the column existed) is read by the
full key.
"""

from __future__ import annotations

import hashlib

# A null value (rows that are no case: infrastructure errors) cannot be mistaken for
# any text: a text is always written after its 8-byte length.
_NULL = b"\xff"


def case_hash(suite: object, dataset: object, test: object, procedure: object) -> int:
    """The case key's 64-bit hash (signed)."""
    digest = hashlib.blake2b(digest_size=8)
    for value in (suite, dataset, test, procedure):
        if value is None:
            digest.update(_NULL)
            continue
        data = str(value).encode("utf-8", "surrogatepass")
        digest.update(len(data).to_bytes(8, "big"))
        digest.update(data)
    return int.from_bytes(digest.digest(), "big", signed=True)
