import OpenAPIRuntime

// The server's JSON, named as the server names it. The types are generated from the OpenAPI document
// (Generated/Types+Components+Schemas.swift); these names are the only way the rest of the app refers to them.

/// Who a token belongs to, and the server's epoch and protocol.
public typealias Session = Components.Schemas.Session
/// A person on the server.
public typealias User = Components.Schemas.User
/// Everyone on the server.
public typealias Team = Components.Schemas.Team
/// A device as the server knows it, with the last mutation number it applied from it.
public typealias Device = Components.Schemas.Device
/// What a device sends to register itself.
public typealias DeviceRegistration = Components.Schemas.DeviceRegistration
/// One batch of a device's change log.
public typealias PushRequest = Components.Schemas.PushRequest
/// The first line of a JSON Lines push: the batch without its mutations.
public typealias PushHeader = Components.Schemas.PushHeader
/// The first line of a JSON Lines push answer: the answer without its results.
public typealias PushSummary = Components.Schemas.PushSummary
/// The first line of a JSON Lines page of changes: the page without its records.
public typealias PageHeader = Components.Schemas.PageHeader
/// The server's answer to a batch: one result per mutation.
public typealias PushResponse = Components.Schemas.PushResponse
/// The changes to one record, compacted from a range of a device's change log.
public typealias Mutation = Components.Schemas.Mutation
/// What became of one mutation.
public typealias MutationResult = Components.Schemas.MutationResult
/// One field both sides changed, where the server's value stood.
public typealias FieldConflict = Components.Schemas.FieldConflict
/// A record's current state on the server.
public typealias Record = Components.Schemas.Record
/// One page of changes after a cursor.
public typealias ChangePage = Components.Schemas.ChangePage
/// The kind of a record (project, task list, task, timer, time entry).
public typealias Entity = Components.Schemas.Entity
/// Applied, merged, conflict or rejected.
public typealias Outcome = Components.Schemas.Outcome
/// Field values of one record, by wire field name.
public typealias Fields = Components.Schemas.Fields
/// The server's liveness answer.
public typealias Health = Components.Schemas.Health
/// The body of every error answer.
public typealias Problem = Components.Schemas.Problem
