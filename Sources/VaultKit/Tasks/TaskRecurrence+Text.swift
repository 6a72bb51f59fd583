extension TaskRecurrence {
    /// Reads `text` as the plugin does: `when done` off its end, the rest by rrule's
    /// English grammar (its `parseText`). Nil when it is not a rule vault can follow:
    /// one that does not read, names hours or minutes, a week number, an end (`until`,
    /// `for N times`), or leaves words unread (rrule ignores them; vault would not
    /// know what they meant).
    public init?(_ text: String) {
        // The plugin's rule: ASCII letters, digits, commas, spaces and `!`.
        guard text.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || ",! ".unicodeScalars.contains($0)) }) else { return nil }
        var words = text.lowercased().trimmingSpaces()
        var whenDone = false
        if words.hasSuffix(" when done") {
            whenDone = true
            words = String(words.dropLast(" when done".count)).trimmingSpaces()
        }
        guard let tokens = RuleToken.tokens(of: words) else { return nil }
        var parser = RuleParser(tokens: tokens)
        guard let rule = parser.rule(), parser.isDone else { return nil }
        self = rule
        self.whenDone = whenDone
    }
}

/// A word of a recurrence rule, as rrule's English tokens read it.
enum RuleToken: Equatable {
    case every, number(Int), nth(Int), numberAsText
    case day, weekday, week, hour, minute, month, year
    case on, at, the, first, second, third, last, `for`, times, until, comma
    /// 0 = Sunday.
    case weekdayName(Int)
    /// 1 = January.
    case monthName(Int)

    /// rrule's words, in its order (the first of two equally long matches wins), each
    /// with the spellings its expression takes. `mondays` and the like are vault's own:
    /// rrule reads `monday` and ignores the `s`.
    private static let words: [(RuleToken, [String])] = {
        var words: [(RuleToken, [String])] = [
            (.numberAsText, ["one", "two", "three"]), (.every, ["every"]), (.day, ["days", "day"]),
            (.weekday, ["weekdays", "weekday"]), (.week, ["weeks", "week"]), (.hour, ["hours", "hour"]),
            (.minute, ["minutes", "minute"]), (.month, ["months", "month"]), (.year, ["years", "year"]),
            (.on, ["on", "in"]), (.at, ["at"]), (.the, ["the"]), (.first, ["first"]), (.second, ["second"]),
            (.third, ["third"]), (.last, ["last"]), (.for, ["for"]), (.times, ["times", "time"]), (.until, ["until", "til"]),
        ]
        let weekdays = [("mo", ["mon", "monday"]), ("tu", ["tue", "tues", "tuesday"]), ("we", ["wed", "wedn", "wednesday"]),
                        ("th", ["thu", "thur", "thursday"]), ("fr", ["fri", "friday"]), ("sa", ["sat", "saturday"]), ("su", ["sun", "sunday"])]
        for (index, (short, longer)) in weekdays.enumerated() {
            words.append((.weekdayName((index + 1) % 7), [short] + longer + [longer.last.map { $0 + "s" } ?? short]))
        }
        let months = [["jan", "january"], ["feb", "february"], ["mar", "march"], ["apr", "april"], ["may"], ["jun", "june"],
                      ["jul", "july"], ["aug", "august"], ["sep", "sept", "september"], ["oct", "october"], ["nov", "november"], ["dec", "december"]]
        for (index, names) in months.enumerated() { words.append((.monthName(index + 1), names)) }
        return words
    }()

    /// The tokens of `text` (lower-cased), the longest match at each place, as rrule
    /// reads them; nil when some of it is no token.
    static func tokens(of text: String) -> [RuleToken]? {
        let characters = Array(text)
        var index = 0
        var tokens: [RuleToken] = []
        func starts(with word: String, at place: Int) -> Bool {
            let word = Array(word)
            return place + word.count <= characters.count && Array(characters[place..<(place + word.count)]) == word
        }
        while index < characters.count {
            if characters[index] == " " {
                index += 1
                continue
            }
            var best: (token: RuleToken, length: Int)?
            func consider(_ token: RuleToken, _ length: Int) {
                if length > (best?.length ?? 0) { best = (token, length) }
            }
            // A number, or with `st`, `nd`, `rd`, `th` or `.` after it an ordinal.
            var end = index
            while end < characters.count, characters[end].isASCII, characters[end].isNumber { end += 1 }
            if end > index, characters[index] != "0", let value = Int(String(characters[index..<end])) {
                consider(.number(value), end - index)
                for suffix in ["st", "nd", "rd", "th", "."] where starts(with: suffix, at: end) { consider(.nth(value), end - index + suffix.count) }
            }
            for (token, spellings) in words {
                for spelling in spellings where starts(with: spelling, at: index) { consider(token, spelling.count) }
            }
            // `,` `and` `or`, one or more, each with the spaces after it.
            var comma = index
            while true {
                var probe = comma
                if probe < characters.count, characters[probe] == "," {
                    probe += 1
                } else if starts(with: "and", at: probe) {
                    probe += 3
                } else if starts(with: "or", at: probe) {
                    probe += 2
                } else {
                    break
                }
                while probe < characters.count, characters[probe] == " " { probe += 1 }
                comma = probe
            }
            if comma > index { consider(.comma, comma - index) }
            guard let found = best else { return nil }
            tokens.append(found.token)
            index += found.length
        }
        return tokens
    }
}

/// rrule's English grammar (its `parseText`), over the tokens of a rule, for the parts
/// that name days.
struct RuleParser {
    let tokens: [RuleToken]
    private var index = 0

    init(tokens: [RuleToken]) {
        self.tokens = tokens
    }

    /// True when every token was read.
    var isDone: Bool { index == tokens.count }

    private var symbol: RuleToken? { index < tokens.count ? tokens[index] : nil }

    private mutating func advance() { index += 1 }

    private mutating func accept(_ token: RuleToken) -> Bool {
        guard symbol == token else { return false }
        advance()
        return true
    }

    /// `every [N] …`: rrule's `S`.
    mutating func rule() -> TaskRecurrence? {
        guard accept(.every) else { return nil }
        var interval = 1
        if case .number(let number)? = symbol {
            guard number <= 1000 else { return nil }
            interval = number
            advance()
        }
        var rule: TaskRecurrence
        switch symbol {
        case .day?:
            rule = TaskRecurrence(unit: .day)
            advance()
            guard at() else { return nil }
        case .weekday?:
            rule = TaskRecurrence(unit: .week)
            rule.weekdays = Self.workdays
            advance()
            guard at() else { return nil }
        case .week?, .month?, .year?:
            rule = TaskRecurrence(unit: symbol == .week ? .week : symbol == .month ? .month : .year)
            advance()
            guard on(&rule), rule.unit != .week || at() else { return nil }
        case .weekdayName(let day)?:
            rule = TaskRecurrence(unit: .week)
            rule.weekdays = [.init(day: day, nth: nil)]
            advance()
            while accept(.comma) {
                guard case .weekdayName(let more)? = symbol else { return nil }
                rule.weekdays.append(.init(day: more, nth: nil))
                advance()
            }
            guard at(), monthDays(&rule) else { return nil }
        case .monthName(let month)?:
            rule = TaskRecurrence(unit: .year)
            rule.months = [month]
            advance()
            while accept(.comma) {
                guard case .monthName(let more)? = symbol else { return nil }
                rule.months.append(more)
                advance()
            }
            guard on(&rule) else { return nil }
        default:
            // Hours and minutes too: a task's dates have no time.
            return nil
        }
        rule.interval = interval
        // rrule's `F` (`until …`, `for N times`) is not read: the plugin cannot follow an
        // end either, as its docs say.
        guard rule.monthDays.allSatisfy({ $0 != 0 && abs($0) <= 31 }),
              rule.weekdays.allSatisfy({ abs($0.nth ?? 0) <= (rule.unit == .year && rule.months.isEmpty ? 53 : 5) }) else { return nil }
        return rule
    }

    private static let workdays = (1...5).map { TaskRecurrence.Weekday(day: $0, nth: nil) }

    /// `on|in [the] …`: days of the month, nth weekdays, weekdays and months, joined by
    /// `,`, `and`, `the` or `on` (rrule's `ON`). False when it names a week number.
    private mutating func on(_ rule: inout TaskRecurrence) -> Bool {
        let on = accept(.on)
        let the = accept(.the)
        guard on || the else { return true }
        repeat {
            let nth = self.nth()
            if let nth {
                if case .weekdayName(let day)? = symbol {
                    advance()
                    rule.weekdays.append(.init(day: day, nth: nth))
                } else {
                    rule.monthDays.append(nth)
                    _ = accept(.day)
                }
            } else if case .weekdayName(let day)? = symbol {
                advance()
                rule.weekdays.append(.init(day: day, nth: nil))
            } else if symbol == .weekday {
                advance()
                if rule.weekdays.isEmpty { rule.weekdays = Self.workdays }
            } else if case .monthName(let month)? = symbol {
                advance()
                rule.months.append(month)
            } else {
                // `on week 5` (rrule's week numbers) vault does not follow.
                return symbol != .week
            }
        } while accept(.comma) || accept(.the) || accept(.on)
        return true
    }

    /// `at 9, 17`: hours, which name no other day (rrule's `AT`). False when no hour follows.
    private mutating func at() -> Bool {
        guard accept(.at) else { return true }
        repeat {
            guard case .number? = symbol else { return false }
            advance()
            while accept(.comma) {
                guard case .number? = symbol else { return false }
                advance()
            }
        } while accept(.comma) || accept(.at)
        return true
    }

    /// `[on] [the] 13th, 14th` after weekdays (rrule's `MDAYs`).
    private mutating func monthDays(_ rule: inout TaskRecurrence) -> Bool {
        _ = accept(.on)
        _ = accept(.the)
        guard let first = nth() else { return true }
        rule.monthDays = [first]
        while accept(.comma) {
            guard let more = nth() else { return false }
            rule.monthDays.append(more)
        }
        return true
    }

    /// `last`, `first`, `second [last]`, `third [last]`, `2nd [last]`: which one, negative
    /// from the end; nil (nothing read) for anything else (rrule's `decodeNTH`).
    private mutating func nth() -> Int? {
        switch symbol {
        case .last?:
            advance()
            return -1
        case .first?:
            advance()
            return 1
        case .second?:
            advance()
            return accept(.last) ? -2 : 2
        case .third?:
            advance()
            return accept(.last) ? -3 : 3
        case .nth(let value)?:
            advance()
            return accept(.last) ? -value : value
        default:
            return nil
        }
    }
}
