"""The error classes psycopg raises by SQLSTATE, for the libpq shim (`libpq.error_class`):
the name of each known state's class and the DB-API class it derives from, and the DB-API
class of any other state by its first two characters (else its first one).

Copied from psycopg 3's `psycopg.errors` (`tests/integration/test_libpq_shim.py` checks the
copy against the installed psycopg, state by state)."""

from __future__ import annotations

# "SQLSTATE ClassName DbApiBase", one a line.
STATES = """
02000 NoData DatabaseError
02001 NoAdditionalDynamicResultSetsReturned DatabaseError
03000 SqlStatementNotYetComplete DatabaseError
08000 ConnectionException OperationalError
08001 SqlclientUnableToEstablishSqlconnection OperationalError
08003 ConnectionDoesNotExist OperationalError
08004 SqlserverRejectedEstablishmentOfSqlconnection OperationalError
08006 ConnectionFailure OperationalError
08007 TransactionResolutionUnknown OperationalError
08P01 ProtocolViolation OperationalError
09000 TriggeredActionException DatabaseError
0A000 FeatureNotSupported NotSupportedError
0B000 InvalidTransactionInitiation DatabaseError
0F000 LocatorException DatabaseError
0F001 InvalidLocatorSpecification DatabaseError
0L000 InvalidGrantor DatabaseError
0LP01 InvalidGrantOperation DatabaseError
0P000 InvalidRoleSpecification DatabaseError
0Z000 DiagnosticsException DatabaseError
0Z002 StackedDiagnosticsAccessedWithoutActiveHandler DatabaseError
10608 InvalidArgumentForXquery ProgrammingError
20000 CaseNotFound ProgrammingError
21000 CardinalityViolation ProgrammingError
22000 DataException DataError
22001 StringDataRightTruncation DataError
22002 NullValueNoIndicatorParameter DataError
22003 NumericValueOutOfRange DataError
22004 NullValueNotAllowed DataError
22005 ErrorInAssignment DataError
22007 InvalidDatetimeFormat DataError
22008 DatetimeFieldOverflow DataError
22009 InvalidTimeZoneDisplacementValue DataError
2200B EscapeCharacterConflict DataError
2200C InvalidUseOfEscapeCharacter DataError
2200D InvalidEscapeOctet DataError
2200F ZeroLengthCharacterString DataError
2200G MostSpecificTypeMismatch DataError
2200H SequenceGeneratorLimitExceeded DataError
2200L NotAnXmlDocument DataError
2200M InvalidXmlDocument DataError
2200N InvalidXmlContent DataError
2200S InvalidXmlComment DataError
2200T InvalidXmlProcessingInstruction DataError
22010 InvalidIndicatorParameterValue DataError
22011 SubstringError DataError
22012 DivisionByZero DataError
22013 InvalidPrecedingOrFollowingSize DataError
22014 InvalidArgumentForNtileFunction DataError
22015 IntervalFieldOverflow DataError
22016 InvalidArgumentForNthValueFunction DataError
22018 InvalidCharacterValueForCast DataError
22019 InvalidEscapeCharacter DataError
2201B InvalidRegularExpression DataError
2201E InvalidArgumentForLogarithm DataError
2201F InvalidArgumentForPowerFunction DataError
2201G InvalidArgumentForWidthBucketFunction DataError
2201W InvalidRowCountInLimitClause DataError
2201X InvalidRowCountInResultOffsetClause DataError
22021 CharacterNotInRepertoire DataError
22022 IndicatorOverflow DataError
22023 InvalidParameterValue DataError
22024 UnterminatedCString DataError
22025 InvalidEscapeSequence DataError
22026 StringDataLengthMismatch DataError
22027 TrimError DataError
2202E ArraySubscriptError DataError
2202G InvalidTablesampleRepeat DataError
2202H InvalidTablesampleArgument DataError
22030 DuplicateJsonObjectKeyValue DataError
22031 InvalidArgumentForSqlJsonDatetimeFunction DataError
22032 InvalidJsonText DataError
22033 InvalidSqlJsonSubscript DataError
22034 MoreThanOneSqlJsonItem DataError
22035 NoSqlJsonItem DataError
22036 NonNumericSqlJsonItem DataError
22037 NonUniqueKeysInAJsonObject DataError
22038 SingletonSqlJsonItemRequired DataError
22039 SqlJsonArrayNotFound DataError
2203A SqlJsonMemberNotFound DataError
2203B SqlJsonNumberNotFound DataError
2203C SqlJsonObjectNotFound DataError
2203D TooManyJsonArrayElements DataError
2203E TooManyJsonObjectMembers DataError
2203F SqlJsonScalarRequired DataError
2203G SqlJsonItemCannotBeCastToTargetType DataError
22P01 FloatingPointException DataError
22P02 InvalidTextRepresentation DataError
22P03 InvalidBinaryRepresentation DataError
22P04 BadCopyFileFormat DataError
22P05 UntranslatableCharacter DataError
22P06 NonstandardUseOfEscapeCharacter DataError
23000 IntegrityConstraintViolation IntegrityError
23001 RestrictViolation IntegrityError
23502 NotNullViolation IntegrityError
23503 ForeignKeyViolation IntegrityError
23505 UniqueViolation IntegrityError
23514 CheckViolation IntegrityError
23P01 ExclusionViolation IntegrityError
24000 InvalidCursorState InternalError
25000 InvalidTransactionState InternalError
25001 ActiveSqlTransaction InternalError
25002 BranchTransactionAlreadyActive InternalError
25003 InappropriateAccessModeForBranchTransaction InternalError
25004 InappropriateIsolationLevelForBranchTransaction InternalError
25005 NoActiveSqlTransactionForBranchTransaction InternalError
25006 ReadOnlySqlTransaction InternalError
25007 SchemaAndDataStatementMixingNotSupported InternalError
25008 HeldCursorRequiresSameIsolationLevel InternalError
25P01 NoActiveSqlTransaction InternalError
25P02 InFailedSqlTransaction InternalError
25P03 IdleInTransactionSessionTimeout InternalError
25P04 TransactionTimeout InternalError
26000 InvalidSqlStatementName ProgrammingError
27000 TriggeredDataChangeViolation OperationalError
28000 InvalidAuthorizationSpecification OperationalError
28P01 InvalidPassword OperationalError
2B000 DependentPrivilegeDescriptorsStillExist InternalError
2BP01 DependentObjectsStillExist InternalError
2D000 InvalidTransactionTermination InternalError
2F000 SqlRoutineException OperationalError
2F002 ModifyingSqlDataNotPermitted OperationalError
2F003 ProhibitedSqlStatementAttempted OperationalError
2F004 ReadingSqlDataNotPermitted OperationalError
2F005 FunctionExecutedNoReturnStatement OperationalError
34000 InvalidCursorName ProgrammingError
38000 ExternalRoutineException OperationalError
38001 ContainingSqlNotPermitted OperationalError
38002 ModifyingSqlDataNotPermittedExt OperationalError
38003 ProhibitedSqlStatementAttemptedExt OperationalError
38004 ReadingSqlDataNotPermittedExt OperationalError
39000 ExternalRoutineInvocationException OperationalError
39001 InvalidSqlstateReturned OperationalError
39004 NullValueNotAllowedExt OperationalError
39P01 TriggerProtocolViolated OperationalError
39P02 SrfProtocolViolated OperationalError
39P03 EventTriggerProtocolViolated OperationalError
3B000 SavepointException OperationalError
3B001 InvalidSavepointSpecification OperationalError
3D000 InvalidCatalogName ProgrammingError
3F000 InvalidSchemaName ProgrammingError
40000 TransactionRollback OperationalError
40001 SerializationFailure OperationalError
40002 TransactionIntegrityConstraintViolation OperationalError
40003 StatementCompletionUnknown OperationalError
40P01 DeadlockDetected OperationalError
42000 SyntaxErrorOrAccessRuleViolation ProgrammingError
42501 InsufficientPrivilege ProgrammingError
42601 SyntaxError ProgrammingError
42602 InvalidName ProgrammingError
42611 InvalidColumnDefinition ProgrammingError
42622 NameTooLong ProgrammingError
42701 DuplicateColumn ProgrammingError
42702 AmbiguousColumn ProgrammingError
42703 UndefinedColumn ProgrammingError
42704 UndefinedObject ProgrammingError
42710 DuplicateObject ProgrammingError
42712 DuplicateAlias ProgrammingError
42723 DuplicateFunction ProgrammingError
42725 AmbiguousFunction ProgrammingError
42803 GroupingError ProgrammingError
42804 DatatypeMismatch ProgrammingError
42809 WrongObjectType ProgrammingError
42830 InvalidForeignKey ProgrammingError
42846 CannotCoerce ProgrammingError
42883 UndefinedFunction ProgrammingError
428C9 GeneratedAlways ProgrammingError
42939 ReservedName ProgrammingError
42P01 UndefinedTable ProgrammingError
42P02 UndefinedParameter ProgrammingError
42P03 DuplicateCursor ProgrammingError
42P04 DuplicateDatabase ProgrammingError
42P05 DuplicatePreparedStatement ProgrammingError
42P06 DuplicateSchema ProgrammingError
42P07 DuplicateTable ProgrammingError
42P08 AmbiguousParameter ProgrammingError
42P09 AmbiguousAlias ProgrammingError
42P10 InvalidColumnReference ProgrammingError
42P11 InvalidCursorDefinition ProgrammingError
42P12 InvalidDatabaseDefinition ProgrammingError
42P13 InvalidFunctionDefinition ProgrammingError
42P14 InvalidPreparedStatementDefinition ProgrammingError
42P15 InvalidSchemaDefinition ProgrammingError
42P16 InvalidTableDefinition ProgrammingError
42P17 InvalidObjectDefinition ProgrammingError
42P18 IndeterminateDatatype ProgrammingError
42P19 InvalidRecursion ProgrammingError
42P20 WindowingError ProgrammingError
42P21 CollationMismatch ProgrammingError
42P22 IndeterminateCollation ProgrammingError
44000 WithCheckOptionViolation ProgrammingError
53000 InsufficientResources OperationalError
53100 DiskFull OperationalError
53200 OutOfMemory OperationalError
53300 TooManyConnections OperationalError
53400 ConfigurationLimitExceeded OperationalError
54000 ProgramLimitExceeded OperationalError
54001 StatementTooComplex OperationalError
54011 TooManyColumns OperationalError
54023 TooManyArguments OperationalError
55000 ObjectNotInPrerequisiteState OperationalError
55006 ObjectInUse OperationalError
55P02 CantChangeRuntimeParam OperationalError
55P03 LockNotAvailable OperationalError
55P04 UnsafeNewEnumValueUsage OperationalError
57000 OperatorIntervention OperationalError
57014 QueryCanceled OperationalError
57P01 AdminShutdown OperationalError
57P02 CrashShutdown OperationalError
57P03 CannotConnectNow OperationalError
57P04 DatabaseDropped OperationalError
57P05 IdleSessionTimeout OperationalError
58000 SystemError OperationalError
58030 IoError OperationalError
58P01 UndefinedFile OperationalError
58P02 DuplicateFile OperationalError
58P03 FileNameTooLong OperationalError
72000 SnapshotTooOld DatabaseError
F0000 ConfigFileError OperationalError
F0001 LockFileExists OperationalError
HV000 FdwError OperationalError
HV001 FdwOutOfMemory OperationalError
HV002 FdwDynamicParameterValueNeeded OperationalError
HV004 FdwInvalidDataType OperationalError
HV005 FdwColumnNameNotFound OperationalError
HV006 FdwInvalidDataTypeDescriptors OperationalError
HV007 FdwInvalidColumnName OperationalError
HV008 FdwInvalidColumnNumber OperationalError
HV009 FdwInvalidUseOfNullPointer OperationalError
HV00A FdwInvalidStringFormat OperationalError
HV00B FdwInvalidHandle OperationalError
HV00C FdwInvalidOptionIndex OperationalError
HV00D FdwInvalidOptionName OperationalError
HV00J FdwOptionNameNotFound OperationalError
HV00K FdwReplyHandle OperationalError
HV00L FdwUnableToCreateExecution OperationalError
HV00M FdwUnableToCreateReply OperationalError
HV00N FdwUnableToEstablishConnection OperationalError
HV00P FdwNoSchemas OperationalError
HV00Q FdwSchemaNotFound OperationalError
HV00R FdwTableNotFound OperationalError
HV010 FdwFunctionSequenceError OperationalError
HV014 FdwTooManyHandles OperationalError
HV021 FdwInconsistentDescriptorInformation OperationalError
HV024 FdwInvalidAttributeValue OperationalError
HV090 FdwInvalidStringLengthOrBufferLength OperationalError
HV091 FdwInvalidDescriptorFieldIdentifier OperationalError
P0000 PlpgsqlError ProgrammingError
P0001 RaiseException ProgrammingError
P0002 NoDataFound ProgrammingError
P0003 TooManyRows ProgrammingError
P0004 AssertFailure ProgrammingError
XX000 InternalError_ InternalError
XX001 DataCorrupted InternalError
XX002 IndexCorrupted InternalError
"""

BASES: dict[str, str] = {
    "08": "OperationalError",
    "0A": "NotSupportedError",
    "10": "ProgrammingError",
    "20": "ProgrammingError",
    "21": "ProgrammingError",
    "22": "DataError",
    "23": "IntegrityError",
    "24": "InternalError",
    "25": "InternalError",
    "26": "ProgrammingError",
    "27": "OperationalError",
    "28": "OperationalError",
    "2B": "InternalError",
    "2D": "InternalError",
    "2F": "OperationalError",
    "34": "ProgrammingError",
    "38": "OperationalError",
    "39": "OperationalError",
    "3B": "OperationalError",
    "3D": "ProgrammingError",
    "3F": "ProgrammingError",
    "40": "OperationalError",
    "42": "ProgrammingError",
    "44": "ProgrammingError",
    "53": "OperationalError",
    "54": "OperationalError",
    "55": "OperationalError",
    "57": "OperationalError",
    "58": "OperationalError",
    "F": "OperationalError",
    "H": "OperationalError",
    "P": "ProgrammingError",
    "X": "InternalError",
}
