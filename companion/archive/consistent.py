"""One consistent snapshot for a read that spans many queries: an export, a backup.

An export reads a group's matches, then their seats, then their entries. At PostgreSQL's default
READ COMMITTED every query sees the commits made before *it*, so a round stored between the
matches query and the entries query lands in a file whose match still says "playing" while its
log already finishes the game; the import then refuses the whole file. Inside
:func:`one_snapshot` every query sees the database as it was at the first one:

- PostgreSQL: one ``REPEATABLE READ``, ``READ ONLY`` transaction (a snapshot, and a promise to
  write nothing; it never blocks a writer, nor is blocked by one);
- SQLite: one explicit ``BEGIN`` (the driver otherwise runs each SELECT on its own); with the
  write-ahead log a reader keeps its snapshot while phones go on writing.

SQLAlchemy resets the isolation level and read-only flag when the connection goes back to the
pool, so the next request gets an ordinary connection.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from ..extensions import db

SNAPSHOT = {"isolation_level": "REPEATABLE READ", "postgresql_readonly": True}


@contextmanager
def one_snapshot() -> Iterator[None]:
    """Run the block's queries in one read-only snapshot; nothing written inside survives.

    What the request did before is committed first (a device row, say), because the snapshot
    must be the start of a fresh transaction; objects loaded before are expired and reload
    inside it.
    """
    session = db.session
    session.commit()
    if db.engine.dialect.name == "postgresql":
        session.connection(execution_options=SNAPSHOT)
    else:
        session.connection().exec_driver_sql("BEGIN")
    try:
        yield
    finally:
        session.rollback()
