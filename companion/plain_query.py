"""One small SELECT on a pooled connection of its own, run by the database driver itself.

Every phone polls every 2 s, and an unchanged poll costs one query: is this phone a member,
and what is the match's version. Through the request's Session that query cost about 100 µs of
CPU here (beginning the session, checking a connection out, SQLAlchemy's execution context and
result objects, the closing rollback) for about 10 µs of driver work, a third of a whole bare
request. No library runs a SQLAlchemy statement for less, so this module keeps what SQLAlchemy
does well and leaves out the rest:

- SQLAlchemy compiles the statement (once per dialect) and converts each column with its type's
  own result processor (SQLite hands back text for a date);
- the connection comes out of the engine's pool and goes back to it (with the pool's pre-ping
  on PostgreSQL, where the SELECT runs in autocommit: no transaction to roll back; the
  request's deadline applies to its waits and to opening a connection,
  :mod:`companion.db_deadline`);
- a driver error, while connecting or querying, comes out as SQLAlchemy's own exception, with
  a lost connection invalidated,
  so :mod:`companion.errors` answers it as it answers any other (503 "try again").

What is left out: the engine's events (``before_cursor_execute`` does not see these
statements) and the Session, which a caller uses as before for anything else it reads or writes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Engine, Select
from sqlalchemy.engine import Dialect
from sqlalchemy.exc import DBAPIError
from sqlalchemy.orm import Session
from sqlalchemy.pool import PoolProxiedConnection

Processor = Callable[[Any], Any] | None


@dataclass(frozen=True)
class Prepared:
    """A statement compiled for one dialect: its SQL, how its parameters are passed, and how
    each column is converted."""

    sql: str
    order: tuple[str, ...] | None
    """The parameters' names in order for a positional driver (SQLite), None for named ones."""
    binds: tuple[tuple[str, Processor], ...]
    columns: tuple[Processor, ...]

    def parameters(self, values: Mapping[str, Any]) -> tuple[Any, ...] | dict[str, Any]:
        """``values`` as the driver takes them, each through its type's bind processor."""
        converted = {
            name: values[name] if convert is None else convert(values[name])
            for name, convert in self.binds
        }
        if self.order is None:
            return converted
        return tuple(converted[name] for name in self.order)

    def row(self, found: tuple[Any, ...] | None) -> tuple[Any, ...] | None:
        """A driver's row with each column converted as SQLAlchemy would."""
        if found is None:
            return None
        return tuple(
            value if convert is None else convert(value)
            for value, convert in zip(found, self.columns, strict=True)
        )


def prepare(statement: Select[*tuple[Any, ...]], dialect: Dialect) -> Prepared:
    """Compile ``statement`` for ``dialect`` with its parameters' and columns' converters."""
    compiled = statement.compile(dialect=dialect)
    binds = tuple(
        (name, bind.type.dialect_impl(dialect).bind_processor(dialect))
        for name, bind in compiled.binds.items()
    )
    columns = tuple(
        column.type.dialect_impl(dialect).result_processor(dialect, None)
        for column in statement.selected_columns
    )
    order = tuple(compiled.positiontup) if compiled.positional and compiled.positiontup else None
    return Prepared(str(compiled), order, binds, columns)


class PlainQuery:
    """A SELECT of at most one row, compiled once per dialect and run by the driver."""

    def __init__(self, statement: Select[*tuple[Any, ...]]) -> None:
        self.statement = statement
        self.prepared: dict[str, Prepared] = {}

    def for_dialect(self, dialect: Dialect) -> Prepared:
        """The statement compiled for ``dialect`` (kept: the statement never changes)."""
        name = f"{dialect.name}+{dialect.driver}"
        if name not in self.prepared:
            self.prepared[name] = prepare(self.statement, dialect)
        return self.prepared[name]

    def one_or_none(self, engine: Engine, values: Mapping[str, Any]) -> tuple[Any, ...] | None:
        """The one row the statement finds with ``values``, or None."""
        dialect = engine.dialect
        prepared = self.for_dialect(dialect)
        parameters = prepared.parameters(values)
        connection = None
        cursor = None
        try:
            connection = engine.raw_connection()
            with outside_transaction(dialect, connection):
                cursor = connection.cursor()
                cursor.execute(prepared.sql, parameters)
                found = cursor.fetchone()
                cursor.close()
        except dialect.loaded_dbapi.Error as error:
            raw = None if connection is None else connection.dbapi_connection
            lost = dialect.is_disconnect(error, raw, cursor)
            if lost and connection is not None:
                connection.invalidate(error)
            raise DBAPIError.instance(
                prepared.sql,
                parameters,
                error,
                dialect.loaded_dbapi.Error,
                connection_invalidated=lost,
                dialect=dialect,
            ) from error
        finally:
            if connection is not None:
                connection.close()
        return prepared.row(found)


@contextmanager
def outside_transaction(dialect: Dialect, connection: PoolProxiedConnection) -> Iterator[None]:
    """Run the block's statements in autocommit on PostgreSQL, whose driver otherwise opens a
    transaction for the SELECT and the pool then sends a ROLLBACK as the connection goes back:
    a round trip more, and twice the poll's time there. SQLite's driver opens no transaction
    for a read. The connection goes back to the pool as it came, or is thrown away: a pooled
    connection left in autocommit would store a write's statements one by one."""
    if dialect.name != "postgresql":
        yield
        return
    dbapi_connection = connection.dbapi_connection
    dialect.set_isolation_level(dbapi_connection, "AUTOCOMMIT")
    try:
        yield
    finally:
        try:
            dialect.reset_isolation_level(dbapi_connection)
        except Exception as error:  # noqa: BLE001 - whatever it was, the connection goes
            connection.invalidate(error)


def reads_in_autocommit(session: Session) -> None:
    """The rest of the request only reads through ``session``: on PostgreSQL its statements
    run in autocommit, which saves the BEGIN and the closing ROLLBACK, two of the five round
    trips of a changed poll (each reads its own snapshot, as every poll does). Only while the
    session holds no transaction (else nothing changes); SQLAlchemy puts the connection back in
    its usual isolation level as it returns to the pool."""
    if session.in_transaction() or session.get_bind().dialect.name != "postgresql":
        return
    session.connection(execution_options={"isolation_level": "AUTOCOMMIT"})
