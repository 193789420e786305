import Entities
import Foundation
import SyncFeature
import TerminalUI
import Workers

/// `stint config …`: one list of settings over two homes (ADR 0027). The config file's keys (`week_start`, `color`,
/// `report.period`, `report.by`, `log.start`, `alias.NAME`) are read and rewritten here; `auto-sync` stays in the
/// database and in the Sync feature, as before.
extension AppCoordinator {
    /// A setting by the name people type.
    public enum ConfigSetting: Sendable, Equatable {
        /// `auto-sync`, kept in the database (``SyncSetting``).
        case autoSync
        case file(ConfigKey)
    }

    /// Every name `stint config` knows, for the error that lists them.
    static let configSettingNames =
        "auto-sync, week_start, color, report.period, report.by, log.start, alias.NAME and filter.NAME"

    /// The setting `name` denotes; an unknown one is invalid input listing the known ones.
    public func configSetting(named name: String) throws(WorkerError) -> ConfigSetting {
        let word = name.trimmingWhitespace().lowercased()
        if SyncSetting(rawValue: word) != nil || word == "autosync" || word == "auto_sync" { return .autoSync }
        guard let key = ConfigKey(typed: name) else { throw unknownSetting(name) }
        return .file(key)
    }

    private func unknownSetting(_ name: String) -> WorkerError {
        WorkerError(
            .invalidInput,
            "unknown setting '\(DisplayText.excerpt(name))': settings are \(Self.configSettingNames)"
        )
    }

    private var config: StintConfig { container.environment.config }

    /// `stint config` / `config list`: auto-sync, then what the file sets, in its order. JSON has every setting with
    /// the value in force (defaults included) and where the file is.
    public func listConfig() async throws {
        guard json else {
            try await showSettings(only: nil)
            for key in config.setKeys {
                guard let value = config.value(of: key) else { continue }
                container.output.write("\(DisplayText.escaped(key.dotted)) = \(DisplayText.escaped(value))\n")
            }
            return
        }
        var object: [String: Any] = [
            "auto_sync": try await container.workers.makeSyncWorker().status().autoSync,
            "file": container.environment.configPath, "file_exists": config.exists,
        ]
        for key in ConfigKey.fixed { object[key.jsonName] = config.value(of: key) }
        object["aliases"] = Dictionary(config.aliases.map { ($0.name, $0.text) }, uniquingKeysWith: { $1 })
        object["filters"] = Dictionary(config.filters.map { ($0.name, $0.text) }, uniquingKeysWith: { $1 })
        try writeJSON(object)
    }

    /// `stint config get NAME`: the value in force, default included (an alias that does not exist is not found).
    public func getConfig(_ name: String) async throws {
        let key: ConfigKey
        switch try configSetting(named: name) {
        case .autoSync: return try await showSettings(only: .autoSync)
        case .file(let fileKey): key = fileKey
        }
        guard let value = config.value(of: key) else {
            if case .filter = key {
                throw WorkerError(
                    .notFound,
                    "there is no saved filter '\(DisplayText.excerpt(key.name))': "
                        + "save one with stint task list OPTIONS --save \(DisplayText.excerpt(key.name))")
            }
            throw WorkerError(
                .notFound,
                "there is no alias '\(DisplayText.excerpt(key.name))': "
                    + "add one with stint config set \(key.dotted) \"task done\"")
        }
        try show(key, value)
    }

    /// `stint config set NAME VALUE`: auto-sync in the database; any other setting is checked, then written into the
    /// file with every other line (comments included) kept as it was.
    /// - Parameter commands: the built-in command names an alias may not hide and must begin with.
    public func setConfig(_ name: String, to value: String, commands: Set<String>) async throws {
        let key: ConfigKey
        switch try configSetting(named: name) {
        case .autoSync: return try await setSetting(.autoSync, to: value)
        case .file(let fileKey): key = fileKey
        }
        let (literal, stored) = try ConfigFile.literal(for: key, typed: value, commands: commands)
        let current = try currentConfigText() ?? ""
        let updated = try editingConfig { () throws(TOMLSubset.Problem) in
            let text = try ConfigFile.setting(key, to: literal, in: current)
            // The whole file must still read: a hand edit since this command started is checked too.
            _ = try ConfigFile.parse(text, path: container.environment.configPath, commands: commands)
            return text
        }
        try ConfigFile.save(updated, to: container.environment.configPath, shown: container.environment.configShownPath)
        guard !json else { return try show(key, stored) }
        guard !container.environment.quiet else { return }
        container.output.write(
            "Set \(DisplayText.escaped(key.dotted)) = \(DisplayText.escaped(stored)) in "
                + "\(container.environment.configShownPath)\n")
    }

    /// `stint task list … --save NAME`: the listing's options written as the saved filter `NAME` (replacing one of
    /// that name), for `stint task list @NAME`.
    func saveFilter(_ name: String, words: [String]) throws {
        let text = words.map(Self.shellQuoted).joined(with: " ")
        let key = ConfigKey.filter(name)
        let (literal, _) = try ConfigFile.literal(for: key, typed: text, commands: [])
        let current = try currentConfigText() ?? ""
        let updated = try editingConfig { () throws(TOMLSubset.Problem) in
            try ConfigFile.setting(key, to: literal, in: current)
        }
        try ConfigFile.save(updated, to: container.environment.configPath, shown: container.environment.configShownPath)
    }

    /// A word as a shell (and the config file's word splitter) reads it back: bare when it is plain, else in single
    /// quotes (a single quote inside closes, escapes and reopens them).
    static func shellQuoted(_ word: String) -> String {
        let plain =
            !word.isEmpty
            && word.unicodeScalars.allSatisfy { scalar in
                scalar.isASCII
                    && (CharacterSet.alphanumerics.contains(scalar) || "-_.,:/+@%".unicodeScalars.contains(scalar))
            }
        return plain ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// `stint config unset NAME`: removes the key's line from the file, so the default is back. Unsetting what is not
    /// set changes nothing and says so.
    public func unsetConfig(_ name: String) async throws {
        let key: ConfigKey
        switch try configSetting(named: name) {
        case .autoSync:
            throw WorkerError(
                .invalidInput,
                "auto-sync is not kept in the config file: turn it off with stint config set auto-sync off")
        case .file(let fileKey): key = fileKey
        }
        let shownPath = container.environment.configShownPath
        guard let current = try currentConfigText(),
            let updated = try editingConfig({ () throws(TOMLSubset.Problem) in
                try ConfigFile.removing(key, from: current)
            })
        else {
            if json { return try writeJSON([key.jsonName: NSNull()]) }
            guard !container.environment.quiet else { return }
            container.output.write("\(DisplayText.escaped(key.dotted)) is not set in \(shownPath); nothing changed\n")
            return
        }
        try ConfigFile.save(updated, to: container.environment.configPath, shown: shownPath)
        let now = StintConfig().value(of: key)
        guard !json else { return try writeJSON([key.jsonName: now ?? NSNull()]) }
        guard !container.environment.quiet else { return }
        let back = now.map { " (back to \($0))" } ?? ""
        container.output.write("Removed \(DisplayText.escaped(key.dotted)) from \(shownPath)\(back)\n")
    }

    /// `stint config path`: where the file is (or would be), as is, for `$EDITOR "$(stint config path)"`.
    public func showConfigPath() throws {
        guard json else { return container.output.write(container.environment.configPath + "\n") }
        try writeJSON(["file": container.environment.configPath, "file_exists": config.exists])
    }

    // MARK: Helpers

    private func currentConfigText() throws(WorkerError) -> String? {
        try ConfigFile.contents(
            of: container.environment.configPath, shown: container.environment.configShownPath)
    }

    private func editingConfig<T>(_ body: () throws(TOMLSubset.Problem) -> T) throws(WorkerError) -> T {
        do {
            return try body()
        } catch {
            throw WorkerError(.invalidInput, ConfigFile.message(error, shown: container.environment.configShownPath))
        }
    }

    /// One setting: its value alone, or `{"week_start": "sunday"}` (`{"aliases": {"d": "task done"}}`).
    private func show(_ key: ConfigKey, _ value: String) throws {
        guard json else { return container.output.write(DisplayText.escaped(value) + "\n") }
        if case .alias(let name) = key { return try writeJSON(["aliases": [name: value]]) }
        if case .filter(let name) = key { return try writeJSON(["filters": [name: value]]) }
        try writeJSON([key.jsonName: value])
    }

    private func writeJSON(_ object: [String: Any]) throws {
        let data = try JSONSerialization.data(
            withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        container.output.writeLine(String(decoding: data, as: UTF8.self))
    }
}
