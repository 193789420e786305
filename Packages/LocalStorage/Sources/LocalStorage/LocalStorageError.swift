import Foundation
internal import GRDB

/// Every failure of LocalStorage, so callers handle one error type and never see SQLite's.
///
/// `description` is a single line meant for a user; the wrapped error (``underlyingError``) is kept
/// for diagnostics such as `--verbose`.
public enum LocalStorageError: Error, Sendable, CustomStringConvertible, LocalizedError {
    /// The file or its directory could not be created or opened (permissions, path is a directory, …).
    case cannotOpen(path: String, underlying: String)
    /// The file exists but is not an SQLite database of Stint (or it is damaged). It was not modified.
    case notADatabase(path: String)
    /// The database was migrated by a newer Stint that this build does not understand. It was not modified.
    case newerSchema(path: String)
    /// A query failed.
    case readFailed(underlying: any Error)
    /// A change could not be saved; nothing of it was written.
    case writeFailed(underlying: any Error)
    /// The row to change does not exist or was deleted.
    case notFound(entity: String, id: String)
    /// The change breaks a rule of the schema (duplicate id, missing referenced project or list, …).
    case constraint(String)

    public var description: String {
        switch self {
        case .cannotOpen(let path, let underlying):
            "cannot open the database at \(path): \(underlying)"
        case .notADatabase(let path):
            "\(path) is not a Stint database (or it is damaged); it was left untouched"
        case .newerSchema(let path):
            "the database at \(path) was written by a newer version of stint; update stint to use it"
        case .readFailed(let underlying):
            "could not read the database: \(Self.detail(of: underlying))"
        case .writeFailed(let underlying):
            "could not save the change: \(Self.detail(of: underlying))"
        case .notFound(let entity, let id):
            "no \(entity) with id \(id)"
        case .constraint(let message):
            message
        }
    }

    public var errorDescription: String? { description }

    /// Whether the change named a project, list or task the database does not hold: for a pulled page, its parent
    /// may still come in a later one (LocalSyncRepository then asks for a larger page).
    public var isMissingReference: Bool {
        if case .constraint(let message) = self { return message == Self.missingReferenceMessage }
        return false
    }

    static let missingReferenceMessage = "the change refers to a project or list that does not exist"

    /// The error this one wraps, if any.
    public var underlyingError: (any Error)? {
        switch self {
        case .readFailed(let underlying), .writeFailed(let underlying): underlying
        default: nil
        }
    }

    /// A short, single-line explanation of an error that came from SQLite or the system.
    static func detail(of error: any Error) -> String {
        if let error = error as? DatabaseError {
            switch error.resultCode {
            case .SQLITE_BUSY, .SQLITE_LOCKED:
                return "the database stayed busy (another stint command was using it); try again"
            case .SQLITE_FULL:
                return "the disk is full"
            case .SQLITE_READONLY, .SQLITE_PERM:
                return "the database file is read-only"
            case .SQLITE_CORRUPT, .SQLITE_NOTADB:
                return "the database file is damaged"
            case .SQLITE_IOERR:
                return "input/output error"
            case .SQLITE_CANTOPEN:
                return "the database file cannot be opened"
            default:
                return singleLine(error.message ?? "SQLite error \(error.resultCode.rawValue)")
            }
        }
        if error is CancellationError {
            return "the operation was cancelled"
        }
        if let error = error as? LocalizedError, let text = error.errorDescription {
            return singleLine(text)
        }
        return singleLine(String(describing: error))
    }

    private static func singleLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).joined(separator: " ")
    }

    /// Wraps an error thrown while reading, keeping errors that are already ours.
    static func reading(_ error: any Error) -> LocalStorageError {
        if let error = error as? LocalStorageError { return error }
        return .readFailed(underlying: error)
    }

    /// Wraps an error thrown while writing; constraint violations become ``constraint(_:)``.
    static func writing(_ error: any Error) -> LocalStorageError {
        if let error = error as? LocalStorageError { return error }
        if let error = error as? DatabaseError, error.resultCode == .SQLITE_CONSTRAINT {
            return .constraint(constraintMessage(error))
        }
        return .writeFailed(underlying: error)
    }

    private static func constraintMessage(_ error: DatabaseError) -> String {
        let message = error.message ?? ""
        if error.extendedResultCode == .SQLITE_CONSTRAINT_FOREIGNKEY || message.contains("FOREIGN KEY") {
            return missingReferenceMessage
        }
        if error.extendedResultCode == .SQLITE_CONSTRAINT_PRIMARYKEY || message.contains(".id") {
            return "a record with the same id already exists"
        }
        return "the change breaks a rule of the database (\(singleLine(message)))"
    }
}

/// A broken internal assumption, reported as an error instead of trapping.
struct InternalError: Error, CustomStringConvertible {
    let message: String
    var description: String { "internal error: \(message)" }
}
