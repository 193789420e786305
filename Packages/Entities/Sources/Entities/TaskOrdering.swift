extension Task {
    /// The default order of task lists, usable with `sorted(by:)`: a strict total order.
    ///
    /// Unfinished work (open or in progress) before done; then higher priority first; then the earliest
    /// due date first, tasks without a due date after those with one; then the smaller local number
    /// (numbered tasks before unsaved ones); then the older task; finally the id, so ties never depend
    /// on the input order.
    public static func byPriorityThenDue(_ a: Task, _ b: Task) -> Bool {
        let aDone = a.status == .completed
        let bDone = b.status == .completed
        if aDone != bDone { return !aDone }
        if a.priority != b.priority { return a.priority > b.priority }
        switch (a.due, b.due) {
        case (let aDue?, let bDue?) where aDue != bDue: return aDue < bDue
        case (.some, nil): return true
        case (nil, .some): return false
        default: break
        }
        switch (a.number, b.number) {
        case (let aNumber?, let bNumber?) where aNumber != bNumber: return aNumber < bNumber
        case (.some, nil): return true
        case (nil, .some): return false
        default: break
        }
        if a.createdAt != b.createdAt { return a.createdAt < b.createdAt }
        return a.id.uuidString < b.id.uuidString
    }
}
