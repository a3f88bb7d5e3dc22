import Diagnostics
import Foundation

/// Receiving error reports (T6, issue 18): each report is stored under its installation and id
/// (sent again, it replaces its copy — never counted twice), its group is made or widened, a
/// group resolved in an older version than the report's is reopened as regressed, and the day's
/// occurrences grow by what the report adds. All of one upload in one transaction.
/// One area of the ``PortalStore``, sharing its connection.
public struct DiagnosticsStore: Sendable {
    let store: PortalStore
}

extension PortalStore {
    /// Error reports, problem reports and their groups.
    public var diagnostics: DiagnosticsStore { DiagnosticsStore(store: self) }
}

extension DiagnosticsStore {
    /// Stores `upload` (already validated) for `account` (nil: sent anonymously) and answers
    /// which reports the portal now holds.
    public func receive(_ upload: DiagnosticsUpload, account: UUID?) throws -> DiagnosticsReceipt {
        let now = store.now
        let installation = PortalValue(upload.installation)
        let problemId = upload.problem.map { _ in UUID() }
        try store.database.write { sql in
            // The installation's row first: on PostgreSQL it locks concurrent uploads of the same
            // installation behind this one, so a report's earlier count is read reliably below.
            try sql.execute(
                """
                INSERT INTO diagnostics_installations(installation, app_version, account_id, last_seen)
                VALUES (?, ?, ?, ?)
                ON CONFLICT (installation, app_version) DO UPDATE SET last_seen = excluded.last_seen,
                    account_id = COALESCE(excluded.account_id, diagnostics_installations.account_id)
                """, [installation, .text(upload.device.appVersion), PortalValue(account), .integer(now)])
            for report in upload.reports {
                try store(report, installation: installation, account: account, now: now, sql)
            }
            if let problem = upload.problem, let problemId {
                let log = String(decoding: try DiagnosticsWire.encode(problem.recentLog), as: UTF8.self)
                try sql.execute(
                    """
                    INSERT INTO problem_reports(id, installation, account_id, app_version, comment, integrity,
                        sync_state, recent_log, received_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                    [
                        PortalValue(problemId), installation, PortalValue(account), .text(upload.device.appVersion),
                        .text(problem.comment), .text(problem.integrity), .text(problem.syncState), .text(log),
                        .integer(now),
                    ])
            }
        }
        return DiagnosticsReceipt(accepted: upload.reports.map(\.id), problem: problemId)
    }

    private func store(
        _ report: ErrorReport, installation: PortalValue, account: UUID?, now: Int64, _ sql: any PortalSQL
    ) throws {
        let (first, last) = (PortalClock.milliseconds(report.firstSeen), PortalClock.milliseconds(report.lastSeen))
        let earlier = try sql.queryFirst(
            "SELECT fingerprint, account_id, occurrences FROM error_reports WHERE installation = ? AND id = ?",
            [installation, PortalValue(report.id)])
        if let earlier {
            // An id names one queue entry of one diary: it never changes group or account.
            guard try earlier.text(0) == report.fingerprint,
                try earlier.optionalText(1) == account?.uuidString.lowercased()
            else { return }
        }
        let added = Int64(report.occurrences) - (try earlier?.int64(2) ?? 0)
        guard earlier == nil || added > 0 else { return }
        try group(report, first: first, last: last, now: now, sql)
        let breadcrumbs = String(decoding: try DiagnosticsWire.encode(report.breadcrumbs), as: UTF8.self)
        let device = report.device
        try sql.execute(
            """
            INSERT INTO error_reports(installation, id, fingerprint, account_id, app_version, build, os, os_version,
                model, schema_version, occurrences, first_seen, last_seen, breadcrumbs, received_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (installation, id) DO UPDATE SET app_version = excluded.app_version,
                build = excluded.build, os = excluded.os, os_version = excluded.os_version, model = excluded.model,
                schema_version = excluded.schema_version, occurrences = excluded.occurrences,
                first_seen = excluded.first_seen, last_seen = excluded.last_seen,
                breadcrumbs = excluded.breadcrumbs, received_at = excluded.received_at
            """,
            [
                installation, PortalValue(report.id), .text(report.fingerprint), PortalValue(account),
                .text(device.appVersion), .text(device.build), .text(device.os), .text(device.osVersion),
                .text(device.model), .integer(Int64(device.schemaVersion)), .integer(Int64(report.occurrences)),
                .integer(first), .integer(last), .text(breadcrumbs), .integer(now),
            ])
        // Counted on the day it was last seen (a device's clock in the future counts today).
        let day = LicenceStore.utcDay(PortalClock.date(min(last, now)))
        try sql.execute(
            """
            INSERT INTO error_days(fingerprint, day, occurrences) VALUES (?, ?, ?)
            ON CONFLICT (fingerprint, day) DO UPDATE SET occurrences = error_days.occurrences + excluded.occurrences
            """, [.text(report.fingerprint), .text(day), .integer(added)])
    }

    /// Makes the report's group or widens its times; reopens it when it was resolved and the
    /// report comes from a newer version than the fix (or, fixed in no named version, was seen
    /// after it was resolved).
    private func group(_ report: ErrorReport, first: Int64, last: Int64, now: Int64, _ sql: any PortalSQL) throws {
        let identity = report.identity
        try sql.execute(
            """
            INSERT INTO error_groups(fingerprint, kind, error_type, code, site, operation, first_seen, last_seen,
                created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (fingerprint) DO UPDATE SET
                first_seen = CASE WHEN excluded.first_seen < error_groups.first_seen
                    THEN excluded.first_seen ELSE error_groups.first_seen END,
                last_seen = CASE WHEN excluded.last_seen > error_groups.last_seen
                    THEN excluded.last_seen ELSE error_groups.last_seen END
            """,
            [
                .text(report.fingerprint), .text(report.kind.rawValue), .text(identity.type), .text(identity.code),
                .text(identity.site), .text(identity.operation), .integer(first), .integer(last), .integer(now),
            ])
        guard
            let row = try sql.queryFirst(
                "SELECT resolved_in, resolved_at FROM error_groups WHERE fingerprint = ? AND status = 'resolved'",
                [.text(report.fingerprint)])
        else { return }
        let regressed: Bool
        if let fixedIn = try row.optionalText(0).flatMap(AppVersion.init) {
            regressed = AppVersion(report.device.appVersion).map { $0 > fixedIn } ?? false
        } else {
            regressed = last > (try row.optionalInt64(1) ?? .max)
        }
        guard regressed else { return }
        try sql.execute(
            "UPDATE error_groups SET status = 'regressed', regressed_in = ?, regressed_at = ? WHERE fingerprint = ?",
            [.text(report.device.appVersion), .integer(now), .text(report.fingerprint)])
    }
}
