import Diagnostics
import Foundation

/// Where a group of error reports stands (issue 18): `new` → `acknowledged` → `resolved`, and
/// `regressed` when a resolved one is seen again in a newer version.
public enum ErrorGroupStatus: String, Codable, Sendable, CaseIterable {
    case new, acknowledged, resolved, regressed
}

/// One problem as the error list shows it (T6, issue 18; `admin errors list --json`): how often,
/// on how many devices and accounts, since and until when, in which versions, and its status.
public struct ErrorGroupSummary: Codable, Sendable, Equatable {
    public var fingerprint: String
    public var title: String
    public var kind: ErrorReport.Kind
    public var count: Int64
    public var devices: Int
    public var accounts: Int
    public var firstSeen: Date
    public var lastSeen: Date
    /// Newest first.
    public var versions: [String]
    public var status: ErrorGroupStatus

    public init(
        fingerprint: String, title: String, kind: ErrorReport.Kind, count: Int64, devices: Int, accounts: Int,
        firstSeen: Date, lastSeen: Date, versions: [String], status: ErrorGroupStatus
    ) {
        self.fingerprint = fingerprint
        self.title = title
        self.kind = kind
        self.count = count
        self.devices = devices
        self.accounts = accounts
        self.firstSeen = firstSeen
        self.lastSeen = lastSeen
        self.versions = versions
        self.status = status
    }
}

/// One problem in full (`admin errors show`, the site's group page): its identity, fix and
/// regression versions, breakdowns by version, system and device, occurrences per day, and the
/// breadcrumbs of its most recent report.
public struct ErrorGroupDetail: Codable, Sendable, Equatable {
    public var summary: ErrorGroupSummary
    public var identity: ErrorIdentity
    public var resolvedIn: String?
    public var regressedIn: String?
    public var byVersion: [ErrorShare]
    public var bySystem: [ErrorShare]
    public var byModel: [ErrorShare]
    public var days: [ErrorDay]
    public var breadcrumbs: [Breadcrumb]

    public init(
        summary: ErrorGroupSummary, identity: ErrorIdentity, resolvedIn: String?, regressedIn: String?,
        byVersion: [ErrorShare], bySystem: [ErrorShare], byModel: [ErrorShare], days: [ErrorDay],
        breadcrumbs: [Breadcrumb]
    ) {
        self.summary = summary
        self.identity = identity
        self.resolvedIn = resolvedIn
        self.regressedIn = regressedIn
        self.byVersion = byVersion
        self.bySystem = bySystem
        self.byModel = byModel
        self.days = days
        self.breadcrumbs = breadcrumbs
    }
}

/// How many occurrences one value of a breakdown holds.
public struct ErrorShare: Codable, Sendable, Equatable {
    public var name: String
    public var count: Int64

    public init(name: String, count: Int64) {
        self.name = name
        self.count = count
    }
}

/// Occurrences on one UTC day, `YYYY-MM-DD`.
public struct ErrorDay: Codable, Sendable, Equatable {
    public var day: String
    public var count: Int64

    public init(day: String, count: Int64) {
        self.day = day
        self.count = count
    }
}

/// Of the installations that reported running a version, how many had no crash in it.
public struct CrashFreeVersion: Codable, Sendable, Equatable {
    public var version: String
    public var devices: Int
    public var crashed: Int
    public var crashFreeShare: Double { devices == 0 ? 1 : Double(devices - crashed) / Double(devices) }

    public init(version: String, devices: Int, crashed: Int) {
        self.version = version
        self.devices = devices
        self.crashed = crashed
    }
}

/// What an error list is sorted by.
public enum ErrorGroupOrder: String, Sendable, CaseIterable {
    case count, recent
}

/// The groups new or regressed since a moment, for a daily mail (`admin errors digest`).
public struct ErrorDigest: Codable, Sendable, Equatable {
    public var since: Date
    public var new: [ErrorGroupSummary]
    public var regressed: [ErrorGroupSummary]

    public init(since: Date, new: [ErrorGroupSummary], regressed: [ErrorGroupSummary]) {
        self.since = since
        self.new = new
        self.regressed = regressed
    }
}

/// A "Report a problem" submission as an administrator reads it.
public struct ProblemReportSummary: Codable, Sendable, Equatable {
    public var id: UUID
    public var appVersion: String
    public var comment: String
    public var integrity: String
    public var syncState: String
    public var receivedAt: Date
    public var signedIn: Bool

    public init(
        id: UUID, appVersion: String, comment: String, integrity: String, syncState: String, receivedAt: Date,
        signedIn: Bool
    ) {
        self.id = id
        self.appVersion = appVersion
        self.comment = comment
        self.integrity = integrity
        self.syncState = syncState
        self.receivedAt = receivedAt
        self.signedIn = signedIn
    }
}
