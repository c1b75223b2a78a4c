"""Just enough of psycopg for the direct PostgreSQL path, over libpq through ctypes.

Importing psycopg costs a one-shot command more than the whole command does on SQLite
(~160 ms on a quiet machine: its C extension's loader, `psycopg.errors`, `importlib.metadata`,
asyncio, logging, ssl...), while loading libpq with ctypes costs ~20 ms. So the direct engine
(`postgres_direct`) talks to the server through this module when psycopg is not already
loaded. It is the part of psycopg 3's interface the store uses, with psycopg's behaviour:

- `connect(conninfo)`: a connection in UTF-8 (`client_encoding`), not in autocommit: the
  first statement outside a transaction begins one (`BEGIN`), `commit` and `rollback` end
  it; `autocommit` may be changed only while no transaction is open.
- `execute`, `executemany` (`returning=True` keeps every statement's rows, `nextset` moves
  on), `fetchone`, `fetchall`, `rowcount`; parameters written `%s` (`%%` is a percent
  sign), sent apart from the statement (`PQexecParams`, text format; a statement without
  parameters goes as it is, by the simple protocol, as in psycopg): str as `unknown` (the
  server casts it to the column's type, `json` included), int as int2/int4/int8/numeric by
  its size, bool, float, bytes (bytea), Decimal, date and datetime, None as NULL; anything
  else is refused, as psycopg refuses a type it cannot adapt.
- Results converted by column type: integers, bool, floats, numeric (Decimal), text, json
  and jsonb (parsed), bytea. Any other type raises `NotSupportedError` rather than come back
  as something psycopg would not have returned.
- Errors: psycopg's classes by SQLSTATE (`sqlstate`), same names and DB-API bases
  (`UniqueViolation` is an `IntegrityError`, `NumericValueOutOfRange` a `DataError`; the
  table is in `sqlstates`), with the server's message as their text. Text holding NUL,
  which PostgreSQL cannot store, is refused with psycopg's `DataError`; text that is not
  valid Unicode raises `UnicodeEncodeError`, as psycopg does.

The library is psycopg's own (the libpq bundled beside `psycopg_binary`, found without
importing it) or else the system's `libpq.so.5`. Never `ctypes.util.find_library`, which
forks ldconfig.
"""

from __future__ import annotations

import ctypes
import json
import os
import weakref
from collections.abc import Iterable, Sequence
from importlib.util import find_spec
from typing import Any

# PQtransactionStatus: the same numbers as psycopg's `pq.TransactionStatus`.
IDLE, ACTIVE, INTRANS, INERROR, UNKNOWN = range(5)
_CONNECTION_OK = 0
_EMPTY_QUERY, _COMMAND_OK, _TUPLES_OK = 0, 1, 2
_FATAL_ERROR = 7
_SQLSTATE, _PRIMARY, _DETAIL = ord("C"), ord("M"), ord("D")

NUL_MESSAGE = "PostgreSQL text fields cannot contain NUL (0x00) bytes"


# -- errors: psycopg's names and classes --------------------------------------------------


class Error(Exception):
    """Any failure reported by libpq or the server."""

    sqlstate: str | None = None


class InterfaceError(Error):
    pass


class DatabaseError(Error):
    pass


class DataError(DatabaseError):
    pass


class OperationalError(DatabaseError):
    pass


class IntegrityError(DatabaseError):
    pass


class InternalError(DatabaseError):
    pass


class ProgrammingError(DatabaseError):
    pass


class NotSupportedError(DatabaseError):
    pass


# The classes the store tells apart by name; psycopg's other named classes are made when
# first raised (`error_class`), from `sqlstates`.
class UniqueViolation(IntegrityError):
    sqlstate = "23505"


class SerializationFailure(OperationalError):
    sqlstate = "40001"


class DeadlockDetected(OperationalError):
    sqlstate = "40P01"


class LockNotAvailable(OperationalError):
    sqlstate = "55P03"


class QueryCanceled(OperationalError):
    sqlstate = "57014"


_BASES: dict[str, type[Error]] = {
    cls.__name__: cls
    for cls in (
        DatabaseError,
        DataError,
        OperationalError,
        IntegrityError,
        InternalError,
        ProgrammingError,
        NotSupportedError,
    )
}
_NAMED: tuple[type[Error], ...] = (
    UniqueViolation,
    SerializationFailure,
    DeadlockDetected,
    LockNotAvailable,
    QueryCanceled,
)
_classes: dict[str, type[Error]] = {cls.sqlstate: cls for cls in _NAMED if cls.sqlstate}


def error_class(sqlstate: str | None) -> type[Error]:
    """The class psycopg raises for `sqlstate`: its named class for a state it knows (same
    name, same DB-API base), else the DB-API class of the state's class."""
    if not sqlstate:
        return OperationalError
    found = _classes.get(sqlstate)
    if found is not None:
        return found
    from tourney.store.sqlstates import BASES, STATES

    for line in STATES.split("\n"):
        if line.startswith(sqlstate + " "):
            _state, name, base = line.split()
            found = type(name, (_BASES[base],), {"sqlstate": sqlstate, "__module__": __name__})
            break
    else:
        base = BASES.get(sqlstate[:2]) or BASES.get(sqlstate[:1]) or "DatabaseError"
        found = _BASES[base]
    _classes[sqlstate] = found
    return found


def _make(cls: type[Error], message: str, sqlstate: str | None = None) -> Error:
    error = cls(message)
    error.sqlstate = sqlstate
    return error


# -- the library ---------------------------------------------------------------------------

_lib: Any = None
_c = ctypes.c_char_p
_p = ctypes.c_void_p
_i = ctypes.c_int
_SIGNATURES: dict[str, tuple[Any, list[Any]]] = {
    "PQconnectdbParams": (_p, [ctypes.POINTER(_c), ctypes.POINTER(_c), _i]),
    "PQstatus": (_i, [_p]),
    "PQerrorMessage": (_c, [_p]),
    "PQfinish": (None, [_p]),
    "PQtransactionStatus": (_i, [_p]),
    "PQparameterStatus": (_c, [_p, _c]),
    "PQexec": (_p, [_p, _c]),
    "PQexecParams": (
        _p,
        [_p, _c, _i, ctypes.POINTER(ctypes.c_uint), ctypes.POINTER(_c), _p, _p, _i],
    ),
    "PQresultStatus": (_i, [_p]),
    "PQresultErrorField": (_c, [_p, _i]),
    "PQntuples": (_i, [_p]),
    "PQnfields": (_i, [_p]),
    "PQftype": (ctypes.c_uint, [_p, _i]),
    "PQgetvalue": (_c, [_p, _i, _i]),
    "PQgetisnull": (_i, [_p, _i, _i]),
    "PQcmdTuples": (_c, [_p]),
    "PQclear": (None, [_p]),
}


def library_paths() -> list[str]:
    """Where libpq is looked for, in order: psycopg_binary's own copy, then the system's."""
    paths: list[str] = []
    try:
        spec = find_spec("psycopg_binary")
    except (ImportError, ValueError):
        spec = None
    if spec is not None and spec.origin:
        # os, not pathlib: pathlib (with urllib.parse) is milliseconds of a one-shot command.
        libs = os.path.join(os.path.dirname(os.path.dirname(spec.origin)), "psycopg_binary.libs")
        try:
            found = [n for n in os.listdir(libs) if n.startswith("libpq-") and ".so" in n]
        except OSError:
            found = []
        paths.extend(sorted(os.path.join(libs, name) for name in found))
    paths.append("libpq.so.5")
    return paths


def load() -> Any:
    """The libpq library with the signatures used here; None when none can be loaded."""
    global _lib
    if _lib is not None:
        return _lib
    for path in library_paths():
        try:
            lib = ctypes.CDLL(path)
        except OSError:
            continue
        try:
            for name, (restype, argtypes) in _SIGNATURES.items():
                function = getattr(lib, name)
                function.restype = restype
                function.argtypes = argtypes
        except AttributeError:
            continue  # too old a libpq
        _lib = lib
        return lib
    return None


# -- parameters and values ---------------------------------------------------------------

_INT2, _INT4, _INT8, _NUMERIC, _BOOL, _FLOAT8, _BYTEA = 21, 23, 20, 1700, 16, 701, 17
_TIMESTAMP, _TIMESTAMPTZ, _DATE = 1114, 1184, 1082
_queries: dict[str, tuple[bytes, int]] = {}


def _placeholders(sql: str) -> tuple[bytes, int]:
    """`sql` with `%s` as `$1, $2...` and `%%` as `%`, and how many parameters it takes."""
    cached = _queries.get(sql)
    if cached is not None:
        return cached
    parts = sql.split("%")
    out = [parts[0]]
    count = 0
    index = 1
    while index < len(parts):
        part = parts[index]
        if part == "" and index + 1 < len(parts):  # "%%"
            out.append("%" + parts[index + 1])
            index += 2
            continue
        if not part.startswith("s"):
            raise _make(
                ProgrammingError,
                f"only '%s' and '%%' are supported as placeholders, got '%{part[:1]}'",
            )
        count += 1
        out.append(f"${count}{part[1:]}")
        index += 1
    found = ("".join(out).encode(), count)
    if len(_queries) < 512:
        _queries[sql] = found
    return found


def _text(value: str) -> bytes:
    data = value.encode()
    if b"\x00" in data:
        raise _make(DataError, NUL_MESSAGE)
    return data


def _adapt(value: Any) -> tuple[bytes | None, int]:
    """A parameter as libpq's text and type OID (0: let the server decide, as for text)."""
    if value is None:
        return None, 0
    if isinstance(value, str):
        return _text(value), 0
    if isinstance(value, bool):
        return (b"t" if value else b"f"), _BOOL
    if isinstance(value, int):
        oid = (
            _INT2
            if -(2**15) <= value < 2**15
            else _INT4
            if -(2**31) <= value < 2**31
            else _INT8
            if -(2**63) <= value < 2**63
            else _NUMERIC
        )
        return str(value).encode(), oid
    if isinstance(value, float):
        return repr(value).encode(), _FLOAT8
    if isinstance(value, bytes | bytearray | memoryview):
        return b"\\x" + bytes(value).hex().encode(), _BYTEA
    name = type(value).__name__
    module = type(value).__module__
    if module == "decimal" and name == "Decimal":
        return str(value).encode(), _NUMERIC
    if module == "datetime" and name == "datetime":
        return value.isoformat().encode(), (_TIMESTAMP if value.tzinfo is None else _TIMESTAMPTZ)
    if module == "datetime" and name == "date":
        return value.isoformat().encode(), _DATE
    raise _make(ProgrammingError, f"cannot adapt type {name!r}")


def _decimal(text: bytes) -> Any:
    from decimal import Decimal

    return Decimal(text.decode())


def _bool(text: bytes) -> bool:
    return text == b"t"


def _str(text: bytes) -> str:
    return text.decode()


def _bytea(text: bytes) -> bytes:
    return bytes.fromhex(text[2:].decode())


_CONVERTERS: dict[int, Any] = {
    _INT8: int,
    _INT2: int,
    _INT4: int,
    26: int,  # oid
    _BOOL: _bool,
    700: float,  # float4
    _FLOAT8: float,
    _NUMERIC: _decimal,
    25: _str,  # text
    1043: _str,  # varchar
    1042: _str,  # bpchar
    19: _str,  # name
    18: _str,  # "char"
    705: _str,  # unknown
    114: json.loads,  # json
    3802: json.loads,  # jsonb
    _BYTEA: _bytea,
}


# -- connections and cursors ---------------------------------------------------------------

_open: weakref.WeakSet[Connection] = weakref.WeakSet()


def open_connections() -> int:
    """How many connections made here are still open."""
    return sum(1 for connection in list(_open) if not connection.closed)


class ConnectionInfo:
    """What psycopg's `connection.info` tells the store: the transaction status."""

    __slots__ = ("_connection",)

    def __init__(self, connection: Connection) -> None:
        self._connection = connection

    @property
    def transaction_status(self) -> int:
        pgconn = self._connection._pgconn
        return UNKNOWN if pgconn is None else int(_lib.PQtransactionStatus(pgconn))


class Connection:
    """One server session, as psycopg's `Connection` (see the module docstring)."""

    def __init__(self, pgconn: int) -> None:
        self._pgconn: int | None = pgconn
        self._autocommit = False
        self._pid = os.getpid()
        self.info = ConnectionInfo(self)
        _open.add(self)

    @property
    def closed(self) -> bool:
        """Closed by `close`, or the session was lost (psycopg says closed then too)."""
        return self._pgconn is None or _lib.PQstatus(self._pgconn) != _CONNECTION_OK

    @property
    def autocommit(self) -> bool:
        return self._autocommit

    @autocommit.setter
    def autocommit(self, value: bool) -> None:
        status = self.info.transaction_status
        if status != IDLE:
            raise _make(
                ProgrammingError,
                f"can't change 'autocommit' now: connection in transaction status {status}",
            )
        self._autocommit = bool(value)

    def cursor(self) -> Cursor:
        return Cursor(self)

    def execute(self, sql: str, params: Sequence[Any] | None = None) -> Cursor:
        cursor = Cursor(self)
        cursor.execute(sql, params)
        return cursor

    def commit(self) -> None:
        if self.info.transaction_status != IDLE:
            self._command(b"COMMIT")

    def rollback(self) -> None:
        if self.info.transaction_status != IDLE:
            self._command(b"ROLLBACK")

    def close(self) -> None:
        pgconn, self._pgconn = self._pgconn, None
        if pgconn is not None:
            _lib.PQfinish(pgconn)

    def __del__(self) -> None:
        # Never in a forked child: finishing the parent's session there would end it.
        if self._pgconn is not None and os.getpid() == self._pid:
            self.close()

    def __enter__(self) -> Connection:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- talking to the server

    def _live(self) -> int:
        if self._pgconn is None:
            raise _make(OperationalError, "the connection is closed")
        return self._pgconn

    def _error(self, result: int | None) -> Error:
        """The error of a failed `result` (or of the connection when there is none)."""
        if result:
            state = _lib.PQresultErrorField(result, _SQLSTATE)
            primary = _lib.PQresultErrorField(result, _PRIMARY)
            detail = _lib.PQresultErrorField(result, _DETAIL)
            if primary:
                sqlstate = state.decode() if state else None
                message = primary.decode(errors="replace")
                if detail:
                    message += "\nDETAIL:  " + detail.decode(errors="replace")
                return _make(error_class(sqlstate), message, sqlstate)
        message = (_lib.PQerrorMessage(self._pgconn) or b"").decode(errors="replace").strip()
        return _make(OperationalError, message or "the server sent no answer")

    def _command(self, sql: bytes) -> None:
        result = _lib.PQexec(self._live(), sql)
        try:
            if not result or _lib.PQresultStatus(result) != _COMMAND_OK:
                raise self._error(result)
        finally:
            if result:
                _lib.PQclear(result)

    def _run(self, sql: str, params: Sequence[Any] | None) -> tuple[list[tuple[Any, ...]], int]:
        """Run one statement: its rows (if any) and the rows it affected."""
        pgconn = self._live()
        simple = params is None
        if params is None:
            query, count = sql.encode(), 0
            params = ()
        else:
            query, count = _placeholders(sql)
        if len(params) != count:
            raise _make(
                ProgrammingError,
                f"the query has {count} placeholders but {len(params)} parameters were passed",
            )
        if b"\x00" in query:
            raise _make(DataError, NUL_MESSAGE)
        values = (ctypes.c_char_p * max(count, 1))()
        types = (ctypes.c_uint * max(count, 1))()
        for index, value in enumerate(params):
            values[index], types[index] = _adapt(value)
        if not self._autocommit and _lib.PQtransactionStatus(pgconn) == IDLE:
            self._command(b"BEGIN")
        if simple:  # as psycopg: no parameters, the simple protocol (several statements)
            result = _lib.PQexec(pgconn, query)
        else:
            result = _lib.PQexecParams(pgconn, query, count, types, values, None, None, 0)
        try:
            status = _lib.PQresultStatus(result) if result else _FATAL_ERROR
            if status == _TUPLES_OK:
                return _rows(result), int(_lib.PQntuples(result))
            if status in (_COMMAND_OK, _EMPTY_QUERY):
                affected = _lib.PQcmdTuples(result)
                return [], int(affected) if affected else -1
            raise self._error(result)
        finally:
            if result:
                _lib.PQclear(result)


def _rows(result: int) -> list[tuple[Any, ...]]:
    lib = _lib
    getvalue = lib.PQgetvalue
    isnull = lib.PQgetisnull
    columns = range(lib.PQnfields(result))
    converters = []
    for column in columns:
        oid = int(lib.PQftype(result, column))
        converter = _CONVERTERS.get(oid)
        if converter is None:
            raise _make(NotSupportedError, f"no conversion for values of type OID {oid}")
        converters.append(converter)
    rows: list[tuple[Any, ...]] = []
    for row in range(lib.PQntuples(result)):
        values: list[Any] = []
        for column in columns:
            text = getvalue(result, row, column)
            if not text and isnull(result, row, column):
                values.append(None)
            else:
                values.append(converters[column](text))
        rows.append(tuple(values))
    return rows


class Cursor:
    """psycopg's `Cursor`, for what the store asks of it: every row is fetched at once."""

    def __init__(self, connection: Connection) -> None:
        self.connection = connection
        self.rowcount = -1
        self._sets: list[list[tuple[Any, ...]]] = []
        self._rows: list[tuple[Any, ...]] = []
        self._next = 0

    def execute(self, sql: str, params: Sequence[Any] | None = None) -> Cursor:
        rows, self.rowcount = self.connection._run(sql, params)
        self._sets = []
        self._rows, self._next = rows, 0
        return self

    def executemany(
        self, sql: str, params_seq: Iterable[Sequence[Any]], *, returning: bool = False
    ) -> None:
        """Run `sql` once for each parameter set; with `returning`, keep each one's rows:
        the first set is current, `nextset` moves to the next."""
        sets: list[list[tuple[Any, ...]]] = []
        total = 0
        for params in params_seq:
            rows, affected = self.connection._run(sql, params)
            total += max(affected, 0)
            if returning:
                sets.append(rows)
        self.rowcount = total
        self._rows, self._next = (sets[0] if sets else []), 0
        self._sets = sets[1:]

    def nextset(self) -> bool | None:
        if not self._sets:
            return None
        self._rows, self._next = self._sets.pop(0), 0
        return True

    def fetchone(self) -> tuple[Any, ...] | None:
        if self._next >= len(self._rows):
            return None
        self._next += 1
        return self._rows[self._next - 1]

    def fetchall(self) -> list[tuple[Any, ...]]:
        rows = self._rows[self._next :]
        self._next = len(self._rows)
        return rows

    def __iter__(self) -> Cursor:
        return self

    def __next__(self) -> tuple[Any, ...]:
        row = self.fetchone()
        if row is None:
            raise StopIteration
        return row

    def close(self) -> None:
        self._rows, self._sets = [], []

    def __enter__(self) -> Cursor:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def connect(conninfo: str, *, autocommit: bool = False) -> Connection:
    """A connection to the server `conninfo` names (a libpq URI or key=value string), its
    client encoding UTF-8. Raises OperationalError (InterfaceError without libpq)."""
    lib = load()
    if lib is None:
        raise _make(InterfaceError, "libpq cannot be loaded")
    if "\x00" in conninfo:
        raise _make(ProgrammingError, "the connection string holds a NUL character")
    keywords = (ctypes.c_char_p * 3)(b"dbname", b"client_encoding", None)
    values = (ctypes.c_char_p * 3)(conninfo.encode(), b"UTF8", None)
    pgconn = lib.PQconnectdbParams(keywords, values, 1)
    if not pgconn:
        raise _make(OperationalError, "out of memory opening a connection")
    if lib.PQstatus(pgconn) != _CONNECTION_OK:
        message = (lib.PQerrorMessage(pgconn) or b"").decode(errors="replace").strip()
        lib.PQfinish(pgconn)
        raise _make(OperationalError, message or "connection failed")
    connection = Connection(pgconn)
    connection._autocommit = autocommit
    return connection
