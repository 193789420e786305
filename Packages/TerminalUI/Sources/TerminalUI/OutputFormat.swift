/// How a feature writes its results: aligned text for people, or JSON for scripts (`--json`).
///
/// Chosen by the host from the command line; a feature never guesses it from the terminal. Colour and width are a
/// separate matter (``TerminalStyle``): JSON is never coloured, human text is coloured only on a terminal.
public enum OutputFormat: Sendable, Hashable, CaseIterable {
    /// Tables, detail blocks and one-line confirmations.
    case human
    /// One JSON document per command, with the stable snake_case keys each feature documents.
    case json
}
