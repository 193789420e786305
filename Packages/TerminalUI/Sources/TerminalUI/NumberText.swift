/// Counts as people read them: thousands grouped with commas ("12,000"), the same in progress lines, summaries and
/// headings, and independent of the locale so output is identical on every machine (and in tests).
public enum NumberText {
    /// `value` with a comma between each group of three digits: "999", "1,000", "-1,234,567".
    public static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        guard digits.utf8.count > 3 else { return value < 0 ? "-" + digits : digits }
        var result = ""
        result.reserveCapacity(digits.utf8.count + digits.utf8.count / 3 + 1)
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return value < 0 ? "-" + result : result
    }
}
