import Foundation
internal import GRDB

extension LocalStore {
    /// Every table and index as SQLite keeps it (type, name, table and the SQL it was made with), by name:
    /// tests check that an import which rebuilds indexes leaves the schema exactly as it found it.
    func schemaDefinitions() async throws(LocalStorageError) -> [String] {
        try await read { db in
            try String.fetchAll(
                db,
                sql: """
                    SELECT type || ' ' || name || ' ' || tbl_name || ' ' || COALESCE(sql, '') FROM sqlite_master
                    ORDER BY name
                    """)
        }
    }

    /// `PRAGMA integrity_check`: "ok" when every index holds exactly its table's rows.
    func integrityCheck() async throws(LocalStorageError) -> String {
        try await read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check").joined(separator: "\n") }
    }
}
