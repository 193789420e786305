import Entities
import Foundation

/// Watson's `frames` file (a JSON array of `[start, stop, project, id, tags, updated_at]`, Unix seconds) and its
/// `state` file (the frame being tracked: `{"project", "start", "tags"}`, or `{}`). ADR 0029 has the mapping.
struct WatsonFile {
    var intervals: [ForeignInterval] = []

    /// - Throws: `WorkerError` `.invalidInput` for a file that is not Watson's, or naming the first frame that
    ///   cannot be read (its position and why).
    static func read(frames: Data, state: Data?) throws(WorkerError) -> WatsonFile {
        guard let records = try? JSONSerialization.jsonObject(with: frames) as? [Any] else {
            throw WorkerError(
                .invalidInput, "the file is not Watson's frames file (a JSON array of [start, stop, project, id, tags])"
            )
        }
        var file = WatsonFile()
        var seen: Set<String> = []
        for (index, record) in records.enumerated() {
            let position = index + 1
            func failure(_ why: String) -> WorkerError {
                WorkerError(.invalidInput, "frame \(position) of the Watson file: \(why)")
            }
            guard let fields = record as? [Any], fields.count >= 4 else {
                throw failure("it is not a list of start, stop, project and id")
            }
            guard let start = seconds(fields[0]), let stop = seconds(fields[1]) else {
                throw failure("its start and stop are not Unix times")
            }
            guard let project = fields[2] as? String, !project.isEmpty else { throw failure("it has no project") }
            guard let id = fields[3] as? String, !id.isEmpty else { throw failure("it has no id") }
            guard seen.insert(id).inserted else { throw failure("its id \(id.prefix(7)) appears twice") }
            let tags = fields.count > 4 ? fields[4] as? [String] : []
            guard let tags else { throw failure("its tags are not a list of text") }
            guard stop >= start else { throw failure("it stops before it starts") }
            file.intervals.append(
                ForeignInterval(
                    what: "frame \(position) of the Watson file", start: start, end: stop, tags: tags,
                    project: project, note: "", id: UUID(named: id.lowercased(), in: UUID.Namespace.watsonFrame),
                    changedAt: fields.count > 5 ? seconds(fields[5]) : nil,
                    openID: UUID(named: "running " + ForeignTime.compact(start), in: UUID.Namespace.watsonFrame)))
        }
        if let state, !state.isEmpty {
            guard let current = try? JSONSerialization.jsonObject(with: state) as? [String: Any] else {
                throw WorkerError(.invalidInput, "Watson's state file is not a JSON object")
            }
            if let project = current["project"] as? String, let start = current["start"].flatMap(seconds) {
                file.intervals.append(
                    ForeignInterval(
                        what: "the frame Watson is tracking", start: start, end: nil,
                        tags: current["tags"] as? [String] ?? [], project: project, note: "",
                        id: UUID(named: "running " + ForeignTime.compact(start), in: UUID.Namespace.watsonFrame),
                        changedAt: nil))
            }
        }
        return file
    }

    /// Watson writes whole seconds, and some versions fractions.
    private static func seconds(_ value: Any) -> Date? {
        guard let number = value as? NSNumber, !(value is Bool) else { return nil }
        let seconds = number.doubleValue
        guard seconds.isFinite, abs(seconds) < 1e11 else { return nil }
        return Date(timeIntervalSince1970: seconds)
    }
}
