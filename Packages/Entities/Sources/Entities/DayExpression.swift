/// Reads the ways people type a date, relative to a `today` the caller supplies.
///
/// Accepted (case-insensitive, surrounding spaces ignored):
/// - an ISO date: `2026-12-01`
/// - `today`, `tomorrow`, `yesterday`; `sod` and `eod` (today)
/// - a weekday, full or three letters (`friday`, `fri`). Where the value looks ahead (a due date) it is the next
///   such day strictly after today, so on a Friday `fri` means a week later; where it looks back (`log --date`,
///   `--since`, `--until`) it is the most recent one, today included (``Leaning``)
/// - `next fri` (strictly after today) and `last fri` (strictly before), whatever the leaning
/// - `sow`/`eow` (first/last day of this week), `som`/`eom` (first/last day of this month), `soy`/`eoy`;
///   `this week`, `next week`, `last week` (their first day), `this month`, `next month`, `last month` (their 1st)
/// - a month and a day, either order: `dec 1`, `1 december`; the coming one when looking ahead (today
///   included), the latest one when looking back
/// - an offset in days or weeks: `+3d`, `3d`, `-1d`, `+2w` (at most 100 years either way), also spelled out:
///   `3 days ago`, `a week ago`, `in 2 weeks` (as `10 min ago` reads as a time)
///
/// Weeks start on `weekStart`: Monday (ISO 8601, as in Timewarrior) unless the caller says otherwise (the config
/// file's `week_start`). Every result lies in `AcceptedRange.days`. `today` is a parameter because this package
/// never reads the clock or the time zone.
public enum DayExpression {
    /// Which way a day name points when the text does not say: a due date is ahead, a day time was spent on is
    /// behind. Only bare weekdays and month-days depend on it.
    public enum Leaning: Sendable, Hashable {
        case future, past
    }

    /// The largest offset accepted, in days; far beyond any real plan, small enough to catch typos.
    static let maximumOffset = 36_525

    private static let weekdays: [(full: String, number: Int)] = [
        ("monday", 1), ("tuesday", 2), ("wednesday", 3), ("thursday", 4),
        ("friday", 5), ("saturday", 6), ("sunday", 7),
    ]

    /// The day `text` denotes.
    ///
    /// - Parameters:
    ///   - text: what the user typed.
    ///   - today: the current civil date in the user's time zone.
    ///   - field: the field named in errors (`due` unless the caller reads another value).
    ///   - weekStart: the day weeks begin on, for `sow`, `eow` and `this`/`next`/`last week`.
    /// - Throws: `ValidationError` with `.empty(.day)` for blank input; `.invalidFormat(expected: .day)` for
    ///   anything not listed above; `.notARealDate` for impossible dates such as `2026-02-30`;
    ///   `.offsetTooFar` for offsets beyond 100 years; `.dayOutOfRange` for a result outside
    ///   `AcceptedRange.days` (`1969-12-31`, `0000-01-01`, `99999-01-01`, an offset before 1970).
    public static func parse(
        _ text: String, today: Day, field: String = "due", leaning: Leaning = .future, weekStart: Weekday = .monday
    ) throws(ValidationError) -> Day {
        guard let keyword = TextRules.keyword(text) else { throw unreadable(text, field: field) }
        if keyword.isEmpty {
            throw ValidationError(field: field, reason: .empty(.day))
        }
        // Runs of spaces become one. A loop, not `split(separator:).joined(separator:)`: that generic pair's first
        // call in a process scans every protocol conformance of the executable (0.35 M instructions).
        var input = ""
        for word in keyword.split(separator: " ") {
            if !input.isEmpty { input += " " }
            input += String(word)
        }
        let day = try read(input, text: text, today: today, field: field, leaning: leaning, weekStart: weekStart)
        guard AcceptedRange.days.contains(day) else {
            throw ValidationError(field: field, reason: .dayOutOfRange(excerpt: TextRules.keywordExcerpt(input)))
        }
        return day
    }

    private static func read(
        _ input: String, text: String, today: Day, field: String, leaning: Leaning, weekStart: Weekday
    ) throws(ValidationError) -> Day {
        if let day = named(input, today: today, weekStart: weekStart) { return day }
        if let number = weekday(input) {
            return leaning == .future ? after(today, weekday: number) : onOrBefore(today, weekday: number)
        }
        let words = input.split(separator: " ")
        if words.count == 2, let number = weekday(String(words[1])) {
            if words[0] == "next" { return after(today, weekday: number) }
            if words[0] == "last" { return onOrBefore(today.adding(days: -1), weekday: number) }
        }
        if words.count == 2, let day = try monthDay(words, input: input, today: today, field: field, leaning: leaning) {
            return day
        }
        if ISODateParts(input) != nil {
            return try Day.parse(iso: input, field: field)
        }
        if let offset = try offsetInDays(input, field: field) {
            return today.adding(days: offset)
        }
        if let offset = try spelledOffset(words, input: input, field: field) {
            return today.adding(days: offset)
        }
        throw unreadable(text, field: field)
    }

    /// The words that name one day whatever the leaning.
    private static func named(_ input: String, today: Day, weekStart: Weekday) -> Day? {
        let weekFirst = today.startOfWeek(beginning: weekStart)
        let first = Day(year: today.year, month: today.month, day: 1) ?? today
        switch input {
        case "today", "sod", "eod": return today
        case "tomorrow": return today.adding(days: 1)
        case "yesterday": return today.adding(days: -1)
        case "sow", "this week": return weekFirst
        case "eow": return weekFirst.adding(days: 6)
        case "next week": return weekFirst.adding(days: 7)
        case "last week": return weekFirst.adding(days: -7)
        case "som", "this month": return first
        case "eom":
            return Day(year: today.year, month: today.month, day: Day.daysIn(month: today.month, year: today.year))
        case "next month": return first.adding(days: Day.daysIn(month: today.month, year: today.year))
        case "last month":
            let previous = first.adding(days: -1)
            return Day(year: previous.year, month: previous.month, day: 1)
        case "soy": return Day(year: today.year, month: 1, day: 1)
        case "eoy": return Day(year: today.year, month: 12, day: 31)
        default: return nil
        }
    }

    /// 1 (Monday) … 7 for a weekday written in full or by its first three letters (also `tues`, `thur`, `thurs`).
    static func weekday(_ word: String) -> Int? {
        if word == "tues" { return 2 }
        if word == "thur" || word == "thurs" { return 4 }
        return weekdays.first(where: { $0.full == word || $0.full.prefix(3) == word })?.number
    }

    /// The first such weekday strictly after `day`.
    private static func after(_ day: Day, weekday: Int) -> Day {
        let ahead = (weekday - day.weekday + 7) % 7
        return day.adding(days: ahead == 0 ? 7 : ahead)
    }

    /// The latest such weekday on or before `day`.
    private static func onOrBefore(_ day: Day, weekday: Int) -> Day {
        day.adding(days: -((day.weekday - weekday + 7) % 7))
    }

    private static let months = [
        "january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
        "november", "december",
    ]

    /// 1…12 for a month written in full or by its first three letters (also `sept`).
    static func month(_ word: Substring) -> Int? {
        if word == "sept" { return 9 }
        guard word.count >= 3 else { return nil }
        return months.firstIndex { $0 == word || $0.prefix(3) == word }.map { $0 + 1 }
    }

    /// `dec 1` or `1 dec` (a day number of one or two digits, `1st`/`2nd`/`3rd`/`4th` allowed): in the year that
    /// makes it the coming one (looking ahead, today included) or the latest one (looking back). Nil when the
    /// words are not a month and a day; an error when they are but the day does not exist (`feb 30`).
    private static func monthDay(
        _ words: [Substring], input: String, today: Day, field: String, leaning: Leaning
    ) throws(ValidationError) -> Day? {
        let (monthWord, dayWord) = month(words[0]) != nil ? (words[0], words[1]) : (words[1], words[0])
        guard let month = month(monthWord) else { return nil }
        var digits = dayWord
        for suffix in ["st", "nd", "rd", "th"] where digits.hasSuffix(suffix) { digits = digits.dropLast(2) }
        guard (1...2).contains(digits.count), digits.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(digits)
        else { return nil }
        func on(_ year: Int) throws(ValidationError) -> Day {
            guard let day = Day(year: year, month: month, day: number) else {
                // 29 February exists one year in four: say which day the month lacks, as for an ISO date.
                let length = month == 2 && number == 29 ? 28 : Day.daysIn(month: month, year: year)
                throw ValidationError(
                    field: field,
                    reason: .notARealDate(
                        excerpt: TextRules.keywordExcerpt(input),
                        problem: .noSuchDay(year: year, month: month, daysInMonth: length), expected: .day))
            }
            return day
        }
        if month == 2, number == 29 {
            // The coming (or latest) leap day, up to eight years away.
            let years =
                leaning == .future
                ? Array(today.year...today.year + 8) : Array((today.year - 8...today.year).reversed())
            for year in years {
                if let day = Day(year: year, month: 2, day: 29),
                    leaning == .future ? day >= today : day <= today
                {
                    return day
                }
            }
        }
        let thisYear = try on(today.year)
        switch leaning {
        case .future: return thisYear >= today ? thisYear : try on(today.year + 1)
        case .past: return thisYear <= today ? thisYear : try on(today.year - 1)
        }
    }

    /// Days for `+3d`, `3d`, `-1d`, `+2w`; nil when `input` is not of that form.
    private static func offsetInDays(_ input: String, field: String) throws(ValidationError) -> Int? {
        var body = Substring(input)
        var sign = 1
        if let first = body.first, first == "+" || first == "-" {
            sign = first == "-" ? -1 : 1
            body = body.dropFirst()
        }
        guard let unit = body.last, unit == "d" || unit == "w" else { return nil }
        let digits = body.dropLast()
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        let perUnit = unit == "w" ? 7 : 1
        guard let count = Int(digits), count <= maximumOffset / perUnit else {
            throw ValidationError(
                field: field,
                reason: .offsetTooFar(excerpt: TextRules.keywordExcerpt(input), limitDays: maximumOffset))
        }
        return sign * count * perUnit
    }

    /// Days for `3 days ago`, `2 weeks ago`, `a week ago`, `in 3 days`, `in 2 weeks`; nil when the words are not
    /// of that form. People who type `10 min ago` for a time type `3 days ago` for a day.
    private static func spelledOffset(
        _ words: [Substring], input: String, field: String
    ) throws(ValidationError) -> Int? {
        guard words.count == 3 else { return nil }
        let (count, unit, sign): (Substring, Substring, Int)
        if words[2] == "ago" {
            (count, unit, sign) = (words[0], words[1], -1)
        } else if words[0] == "in" {
            (count, unit, sign) = (words[1], words[2], 1)
        } else {
            return nil
        }
        let perUnit: Int
        switch unit {
        case "d", "day", "days": perUnit = 1
        case "w", "wk", "wks", "week", "weeks": perUnit = 7
        default: return nil
        }
        let number: Int
        if count == "a" || count == "an" || count == "one" {
            number = 1
        } else {
            guard !count.isEmpty, count.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            guard let value = Int(count), value <= maximumOffset / perUnit else {
                throw ValidationError(
                    field: field,
                    reason: .offsetTooFar(excerpt: TextRules.keywordExcerpt(input), limitDays: maximumOffset))
            }
            number = value
        }
        return sign * number * perUnit
    }

    private static func unreadable(_ text: String, field: String) -> ValidationError {
        ValidationError(
            field: field,
            reason: .invalidFormat(excerpt: TextRules.excerpt(TextRules.trimmed(text)), expected: .day))
    }
}
