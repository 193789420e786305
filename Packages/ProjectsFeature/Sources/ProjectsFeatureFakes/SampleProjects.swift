import Foundation
import ProjectsFeature

/// A small, believable data set for the demo and for tests that want a populated store.
///
/// Everything is dated relative to ``referenceDate`` (Monday 2 March 2026, 09:00 UTC), so relative dates render
/// the same on every run when `today` is taken from it.
public enum SampleProjects {
    public static let referenceDate = Date(timeIntervalSince1970: 1_772_442_000)

    /// Fixed ids, so prefixes such as `3f2a` can be used in examples.
    public enum IDs {
        public static let work = uuid("3f2a9c14-6b0e-4d5a-9a61-0c7e2b5d8e01")
        public static let home = uuid("8b41d0e2-2f6c-4a97-b1d3-5e9f0a6c7b02")
        public static let sideProject = uuid("c07e5a39-91b4-4f2e-8d6a-2b1c3d4e5f03")
        public static let garden = uuid("e5d6f7a8-3c2b-4a19-9e8d-7f6a5b4c3d04")
        public static let backlog = uuid("1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c05")
        public static let report = uuid("2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d06")
        public static let errands = uuid("4d5e6f7a-8b9c-4d0e-9f1a-2b3c4d5e6f07")
        public static let beds = uuid("6f7a8b9c-0d1e-4f2a-8b3c-4d5e6f7a8b08")

        private static func uuid(_ text: String) -> UUID {
            UUID(uuidString: text) ?? UUID()
        }
    }

    /// A store holding four projects (one archived), four lists, some open and done tasks and logged time.
    public static func makeServices() async -> InMemoryProjectsServices {
        let services = InMemoryProjectsServices(now: referenceDate)
        await populate(services)
        return services
    }

    /// Adds the sample projects, lists and tasks to `services`.
    public static func populate(_ services: InMemoryProjectsServices) async {
        let day: TimeInterval = 24 * 60 * 60
        await services.seedProject(
            name: "Work", note: "Client work and the quarterly report.\nBilling code W-42", id: IDs.work,
            createdAt: referenceDate - 49 * day)
        await services.seedProject(name: "Home", id: IDs.home, createdAt: referenceDate - 3 * day - 5400)
        await services.seedProject(name: "Side project", id: IDs.sideProject, createdAt: referenceDate - day)
        await services.seedProject(
            name: "Garden 2025", isArchived: true, id: IDs.garden, createdAt: referenceDate - 333 * day)
        do {
            try await services.seedList(
                name: "Backlog", project: "Work", id: IDs.backlog, createdAt: referenceDate - 49 * day)
            try await services.seedList(
                name: "Q1 report", project: "Work", id: IDs.report, createdAt: referenceDate - 20 * day)
            try await services.seedList(
                name: "Errands", project: "Home", id: IDs.errands, createdAt: referenceDate - 3 * day)
            try await services.seedList(
                name: "Beds", project: "Garden 2025", id: IDs.beds, createdAt: referenceDate - 330 * day)
            try await services.seedTasks(project: "Work", list: "Backlog", open: 4, done: 2)
            try await services.seedTasks(project: "Work", list: "Q1 report", open: 2, done: 3)
            try await services.seedTasks(project: "Work", open: 1)
            try await services.seedTasks(project: "Home", list: "Errands", open: 3, done: 1)
            try await services.seedTasks(project: "Side project", open: 2)
            try await services.seedTasks(project: "Garden 2025", list: "Beds", done: 6)
            // Work fills every part of the Time line, Side project's time is all from this week, Home has none
            // logged and the archived Garden's time is all from last year.
            let hour = 3_600
            try await services.seedTime(
                ProjectTime(
                    totalSeconds: 32 * hour + 600, billableSeconds: 12 * hour, thisWeekSeconds: 4 * hour + 1_800),
                project: "Work")
            try await services.seedTime(
                ProjectTime(totalSeconds: 3 * hour + 1_200, billableSeconds: 0, thisWeekSeconds: 3 * hour + 1_200),
                project: "Side project")
            try await services.seedTime(
                ProjectTime(totalSeconds: 41 * hour, billableSeconds: 0, thisWeekSeconds: 0), project: "Garden 2025")
        } catch {
            // The names above are fixed and unique; a failure here is a bug in this file, not bad input.
            assertionFailure("sample data is inconsistent: \(error)")
        }
    }
}
