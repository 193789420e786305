import ProjectsFeature

/// `stint project …` and `stint list …`: both belong to the Projects feature.
extension AppCoordinator {
    public func addProject(name: String, note: String?) async throws {
        try await projectsFeature().add(name: name, note: note)
    }

    public func listProjects(includeArchived: Bool) async throws {
        try await projectsFeature().list(includeArchived: includeArchived)
    }

    public func showProject(_ reference: String) async throws {
        try await projectsFeature().show(reference)
    }

    public func renameProject(_ reference: String, to newName: String) async throws {
        try await projectsFeature().rename(reference, to: newName)
    }

    public func archiveProject(_ reference: String) async throws {
        try await projectsFeature().archive(reference)
    }

    public func unarchiveProject(_ reference: String) async throws {
        try await projectsFeature().unarchive(reference)
    }

    public func deleteProject(_ reference: String, force: Bool) async throws {
        try await projectsFeature().delete(reference, force: force)
    }

    public func addList(name: String, project: String) async throws {
        try await projectsFeature().addList(name: name, project: project)
    }

    public func listLists(project: String?) async throws {
        try await projectsFeature().lists(project: project)
    }

    public func renameList(_ reference: String, project: String?, to newName: String) async throws {
        try await projectsFeature().renameList(reference, project: project, to: newName)
    }

    public func deleteList(_ reference: String, project: String?) async throws {
        try await projectsFeature().deleteList(reference, project: project)
    }
}
