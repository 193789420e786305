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
    /// then the value in its colour.
    /// - Parameters:
    ///   - labelColor: how labels are painted; `nil` leaves them in the default colour.
    public static func lines(
        _ fields: [DetailField], style: TerminalStyle, indent: String = "  ", labelColor: TextColor? = .dim
    ) -> [String] {
        let labelWidth = fields.map { DisplayWidth.of($0.label) }.max() ?? 0
        return fields.map { field in
            let padding = String(repeating: " ", count: labelWidth - DisplayWidth.of(field.label))
            return indent + style.paint(field.label, labelColor) + padding + "  "
                + style.paint(field.value, field.color)
        }
    }
}
