import Adapters
import ArgumentParser

// What the shell completes for each kind of argument. Closed sets of option values (`--status`, `--sort`,
// `--by`…) complete by themselves: their `ExpressibleByArgument` conformance lists the values, which the
// completion scripts carry. Names and numbers live in the database, so they are asked for when TAB is
// pressed: the script runs `stint ---completion …`, which the parser answers with the closures below
// before any command runs (see `CompletionSource` for why that stays fast and silent).

extension CompletionKind {
    /// Active projects (`--project`, `project show|rename|archive|delete`).
    static var projects: CompletionKind { stint { _ in .projects(archived: false) } }
    /// Archived projects (`project unarchive`).
    static var archivedProjects: CompletionKind { stint { _ in .projects(archived: true) } }
    /// Task lists; only the named project's when the line already has `--project NAME`.
    static var lists: CompletionKind {
        stint { words in .lists(project: ShellWords.value(of: "project", "p", in: words)) }
    }
    /// Open and in-progress tasks by number, with their titles where the shell shows descriptions.
    static var activeTasks: CompletionKind { stint { _ in .activeTasks } }
    /// Completed tasks by number (`task reopen`).
    static var doneTasks: CompletionKind { stint { _ in .doneTasks } }
    /// Timers by their task's number (`timer pause|resume|stop|discard`).
    static var timers: CompletionKind { stint { _ in .timers } }
    /// Recent time entries by id prefix (`entries edit|delete`).
    static var entries: CompletionKind { stint { _ in .entries } }

    /// Days people type where a due date is asked for.
    static var dueDays: CompletionKind { .list(["today", "tomorrow"] + ShellWords.weekdays) }
    /// Days people type where a past day is asked for (`--date`, `--since`, `--until`).
    static var pastDays: CompletionKind { .list(["today", "yesterday"] + ShellWords.weekdays) }

    private static func stint(_ kind: @escaping @Sendable ([String]) -> CompletionSource.Kind) -> CompletionKind {
        .custom { (words: [String], _: Int, prefix: String) async -> [String] in
            let candidates = await CompletionSource.candidates(
                kind(words), prefix: ShellWords.unquoted(prefix), context: StintRuntime.current.context)
            return ShellWords.lines(candidates, for: CompletionShell.requesting)
        }
    }
}

/// The shell's side of a completion: the words it passes (verbatim, quotes included) and the lines it reads.
enum ShellWords {
    static let weekdays = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]

    /// One candidate a line, in the form each shell reads: zsh `value:description` (a colon in the value
    /// escaped), fish `value<TAB>description`, bash the value alone (it shows no descriptions).
    static func lines(_ candidates: [CompletionCandidate], for shell: CompletionShell?) -> [String] {
        candidates.map { candidate in
            let value = oneLine(candidate.value)
            guard let description = candidate.description.map(oneLine), !description.isEmpty else { return value }
            switch shell {
            case .zsh?:
                return value.replacing("\\", with: "\\\\").replacing(":", with: "\\:") + ":" + description
            case .fish?:
                return value + "\t" + description
            default:
                return value
            }
        }
    }

    /// The value given to `--long` or `-short` on the line being completed (`--project Work`,
    /// `--project=Work`, `-p Work`), unquoted; nil when there is none.
    static func value(of long: String, _ short: String, in words: [String]) -> String? {
        var found: String?
        for (index, word) in words.enumerated() {
            if word == "--\(long)" || word == "-\(short)", index + 1 < words.count {
                found = words[index + 1]
            } else if word.hasPrefix("--\(long)=") {
                found = String(word.dropFirst(long.count + 3))
            }
        }
        return found.map(unquoted).flatMap { $0.isEmpty ? nil : $0 }
    }

    /// A shell word as typed, without its quotes and backslash escapes (`"Home office"`, `Home\ office`).
    static func unquoted(_ word: String) -> String {
        var result = ""
        var quote: Character?
        var escaped = false
        for character in word {
            if escaped {
                result.append(character)
                escaped = false
            } else if character == "\\" && quote != "'" {
                escaped = true
            } else if let open = quote {
                if character == open { quote = nil } else { result.append(character) }
            } else if character == "\"" || character == "'" {
                quote = character
            } else {
                result.append(character)
            }
        }
        return result
    }

    /// A candidate never spans lines: each line the shell reads is one candidate.
    private static func oneLine(_ text: String) -> String {
        String(text.map { $0.isNewline || $0 == "\t" ? " " : $0 })
    }
}
