/// One labelled line of a detail block ("Status  in progress"), as `show` commands print them.
///
/// Presenters choose the label, the text and the colour; ``lines(_:style:indent:labelColor:)`` lays a block out.
public struct DetailField: Sendable, Equatable {
    public var label: String
    public var value: String
    /// The colour of the value; `nil` for the terminal's default.
    public var color: TextColor?

    public init(label: String, value: String, color: TextColor? = nil) {
        self.label = label
        self.value = value
        self.color = color
    }

    /// The fields as aligned lines: `indent`, the label padded to the widest label (by display width), two spaces,
    /// then the value in its colour. When the style has a width, a value too long for it wraps at spaces onto lines
    /// indented under the values (``TextWrap``), so a narrow terminal never breaks a sentence mid-word.
    /// - Parameters:
    ///   - labelColor: how labels are painted; `nil` leaves them in the default colour.
    public static func lines(
        _ fields: [DetailField], style: TerminalStyle, indent: String = "  ", labelColor: TextColor? = .dim
    ) -> [String] {
        let labelWidth = fields.map { DisplayWidth.of($0.label) }.max() ?? 0
        let valueColumn = DisplayWidth.of(indent) + labelWidth + 2
        // Below this many columns a wrapped value would be a ribbon of single words: let the terminal wrap it.
        let valueWidth = style.width.map { $0 - valueColumn }.flatMap { $0 >= minimumWrapWidth ? $0 : nil }
        let hanging = String(repeating: " ", count: valueColumn)
        return fields.flatMap { field in
            let padding = String(repeating: " ", count: labelWidth - DisplayWidth.of(field.label))
            let values = TextWrap.lines(field.value, width: valueWidth)
            let first =
                indent + style.paint(field.label, labelColor) + padding + "  "
                + style.paint(values[0], field.color)
            return [first] + values.dropFirst().map { hanging + style.paint($0, field.color) }
        }
    }

    /// The narrowest a wrapped value gets.
    static let minimumWrapWidth = 20
}
