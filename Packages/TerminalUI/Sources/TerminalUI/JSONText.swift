import Foundation

/// Encodes values as the JSON that `--json` prints: pretty-printed, keys sorted, ISO-8601 dates and unescaped
/// slashes, so the same data always produces byte-identical output that scripts can diff.
public enum JSONText {
    /// The JSON text of `value`, without a trailing newline.
    ///
    /// - Throws: `EncodingError` when the value cannot be encoded (for example a non-finite floating-point number).
    public static func encode<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        let data = try encoder.encode(value)
        return compactEmptyContainers(String(decoding: data, as: UTF8.self))
    }

    /// Foundation's pretty-printer on Linux writes an empty array as "[", a blank line and "]".
    /// Raw newlines never occur inside JSON strings (they are escaped), so collapsing that
    /// whitespace is safe and gives the `[]` / `{}` people and diff tools expect.
    static func compactEmptyContainers(_ text: String) -> String {
        text.replacing(/\[\s*\n\s*\]/, with: "[]").replacing(/\{\s*\n\s*\}/, with: "{}")
    }
}
