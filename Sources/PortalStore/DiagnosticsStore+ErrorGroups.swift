import Diagnostics
import Foundation

/// Reading and triaging error groups (T6, issue 18): the list sorted by count or recency, one
/// group in full, resolving with the version of the fix, acknowledging, crash-free devices per
/// version, the digest of new and regressed groups, and retention.
extension DiagnosticsStore {
    /// The groups, optionally of one status, the most frequent or most recent first.
    public func errorGroups(status: ErrorGroupStatus? = nil, order: ErrorGroupOrder = .count, limit: Int = 500)
        throws -> [ErrorGroupSummary]
    {
        try store.database.read { sql in
            try summaries(
                where: status == nil ? "" : "WHERE g.status = ?", status.map { [.text($0.rawValue)] } ?? [],
                order: order == .count ? "3 DESC, g.last_seen DESC" : "g.last_seen DESC", limit: limit, sql)
        }
    }

    /// One group in full; nil when no group has that fingerprint.
    public func errorGroup(_ fingerprint: String) throws -> ErrorGroupDetail? {
        try store.database.read { sql in
            let key: [PortalValue] = [.text(fingerprint)]
            guard let summary = try summaries(where: "WHERE g.fingerprint = ?", key, order: "1", limit: 1, sql).first,
                let row = try sql.queryFirst(
                    "SELECT error_type, code, site, operation, resolved_in, regressed_in FROM error_groups WHERE fingerprint = ?",
                    key)
            else { return nil }
            func shares(_ column: String) throws -> [ErrorShare] {
                try sql.query(
                    """
                    SELECT \(column), SUM(occurrences) FROM error_reports WHERE fingerprint = ?
                    GROUP BY \(column) ORDER BY 2 DESC, 1 LIMIT 20
                    """, key
                ).map { ErrorShare(name: try $0.text(0), count: try $0.int64(1)) }
            }
            let crumbs = try sql.queryFirst(
                "SELECT breadcrumbs FROM error_reports WHERE fingerprint = ? ORDER BY last_seen DESC LIMIT 1", key
            )?.text(0)
            return ErrorGroupDetail(
                summary: summary,
                identity: ErrorIdentity(
                    type: try row.text(0), code: try row.text(1), site: try row.text(2), operation: try row.text(3)),
                resolvedIn: try row.optionalText(4), regressedIn: try row.optionalText(5),
                byVersion: try shares("app_version"), bySystem: try shares("os || ' ' || os_version"),
                byModel: try shares("model"),
                days: try sql.query(
                    "SELECT day, occurrences FROM error_days WHERE fingerprint = ? ORDER BY day", key
                ).map { ErrorDay(day: try $0.text(0), count: try $0.int64(1)) },
                breadcrumbs: try crumbs.map { try DiagnosticsWire.decode([Breadcrumb].self, from: Data($0.utf8)) } ?? []
            )
        }
    }

    /// Marks a group resolved, fixed in `version` when given (a report from a newer version
    /// reopens it; without a version any report seen later does).
    public func resolveErrorGroup(_ fingerprint: String, inVersion version: String?) throws {
        if let version, AppVersion(version) == nil {
            throw PortalStoreError.invalid(
                field: "version",
                message: "version \"\(version.prefix(40))\" must be numbers separated by dots, like 1.2.3")
        }
        try setStatus(
            fingerprint,
            "status = 'resolved', resolved_in = ?, resolved_at = ?, regressed_in = NULL, regressed_at = NULL",
            [PortalValue(version), .integer(store.now)])
    }

    /// Marks a group seen by someone who will look into it.
    public func acknowledgeErrorGroup(_ fingerprint: String) throws {
        try setStatus(fingerprint, "status = 'acknowledged'", [])
    }

    /// Per version, the installations that reported running it and how many of them crashed.
    public func crashFreeVersions() throws -> [CrashFreeVersion] {
        try store.database.read { sql in
            try sql.query(
                """
                SELECT i.app_version, COUNT(*),
                    SUM(CASE WHEN EXISTS (SELECT 1 FROM error_reports r JOIN error_groups g
                        ON g.fingerprint = r.fingerprint AND g.kind = 'crash'
                        WHERE r.installation = i.installation AND r.app_version = i.app_version) THEN 1 ELSE 0 END)
                FROM diagnostics_installations i GROUP BY i.app_version
                """, []
            ).map { row in
                CrashFreeVersion(
                    version: try row.text(0), devices: Int(try row.int64(1)), crashed: Int(try row.int64(2)))
            }.sorted { AppVersion.isNewer($0.version, than: $1.version) }
        }
    }

    /// The groups the portal first heard of, and those regressed, since `since`.
    public func errorDigest(since: Date) throws -> ErrorDigest {
        let from = PortalClock.milliseconds(since)
        return try store.database.read { sql in
            ErrorDigest(
                since: since,
                new: try summaries(
                    where: "WHERE g.created_at >= ? AND g.status <> 'regressed'", [.integer(from)], order: "3 DESC",
                    limit: 100, sql),
                regressed: try summaries(
                    where: "WHERE g.status = 'regressed' AND g.regressed_at >= ?", [.integer(from)], order: "3 DESC",
                    limit: 100, sql))
        }
    }

    /// "Report a problem" submissions, newest first.
    public func problemReports(limit: Int = 100) throws -> [ProblemReportSummary] {
        try store.database.read { sql in
            try sql.query(
                """
                SELECT id, app_version, comment, integrity, sync_state, received_at, account_id IS NOT NULL
                FROM problem_reports ORDER BY received_at DESC, id LIMIT ?
                """, [.integer(Int64(limit))]
            ).map { row in
                ProblemReportSummary(
                    id: try row.uuid(0), appVersion: try row.text(1), comment: try row.text(2),
                    integrity: try row.text(3), syncState: try row.text(4),
                    receivedAt: PortalClock.date(try row.int64(5)), signedIn: try row.bool(6))
            }
        }
    }

    /// Forgets reports, days, installations and problem reports older than `days` (the store's
    /// ``diagnosticsRetentionDays`` unless given), and groups
    /// left without reports unless resolved (a resolved group remembers its fix version, so the
    /// problem coming back is still a regression). Returns how many reports went.
    @discardableResult
    public func expire(olderThanDays days: Int? = nil) throws -> Int {
        let days = days ?? store.diagnosticsRetentionDays
        let cutoff = store.now - Int64(days) * 86_400_000
        let day = LicenceStore.utcDay(PortalClock.date(cutoff))
        return try store.database.write { sql in
            let reports = try sql.execute("DELETE FROM error_reports WHERE last_seen < ?", [.integer(cutoff)])
            _ = try sql.execute("DELETE FROM error_days WHERE day < ?", [.text(day)])
            _ = try sql.execute("DELETE FROM diagnostics_installations WHERE last_seen < ?", [.integer(cutoff)])
            _ = try sql.execute("DELETE FROM problem_reports WHERE received_at < ?", [.integer(cutoff)])
            _ = try sql.execute(
                """
                DELETE FROM error_groups WHERE status <> 'resolved'
                    AND NOT EXISTS (SELECT 1 FROM error_reports r WHERE r.fingerprint = error_groups.fingerprint)
                    AND NOT EXISTS (SELECT 1 FROM error_days d WHERE d.fingerprint = error_groups.fingerprint)
                """, [])
            return reports
        }
    }

    private func setStatus(_ fingerprint: String, _ assignments: String, _ values: [PortalValue]) throws {
        let changed = try store.database.write { sql in
            try sql.execute(
                "UPDATE error_groups SET \(assignments) WHERE fingerprint = ?", values + [.text(fingerprint)])
        }
        guard changed > 0 else { throw PortalStoreError.notFound("error group \(fingerprint.prefix(64))") }
    }

    private func summaries(
        where condition: String, _ values: [PortalValue], order: String, limit: Int, _ sql: any PortalSQL
    ) throws -> [ErrorGroupSummary] {
        let rows = try sql.query(
            """
            SELECT g.fingerprint, g.kind, COALESCE(SUM(r.occurrences), 0), COUNT(DISTINCT r.installation),
                COUNT(DISTINCT r.account_id), g.first_seen, g.last_seen, g.status, g.error_type, g.code
            FROM error_groups g LEFT JOIN error_reports r ON r.fingerprint = g.fingerprint
            \(condition) GROUP BY g.fingerprint ORDER BY \(order), g.fingerprint LIMIT ?
            """, values + [.integer(Int64(limit))])
        // The versions of every listed group in one query.
        let fingerprints = try rows.map { try $0.text(0) }
        var versions: [String: [String]] = [:]
        if !fingerprints.isEmpty {
            let marks = Array(repeating: "?", count: fingerprints.count).joined(separator: ", ")
            for row in try sql.query(
                "SELECT DISTINCT fingerprint, app_version FROM error_reports WHERE fingerprint IN (\(marks))",
                fingerprints.map { .text($0) })
            {
                versions[try row.text(0), default: []].append(try row.text(1))
            }
        }
        return try rows.map { row in
            let fingerprint = try row.text(0)
            return ErrorGroupSummary(
                fingerprint: fingerprint,
                title: ErrorIdentity(type: try row.text(8), code: try row.text(9), site: "", operation: "").title,
                kind: ErrorReport.Kind(rawValue: try row.text(1)) ?? .error, count: try row.int64(2),
                devices: Int(try row.int64(3)), accounts: Int(try row.int64(4)),
                firstSeen: PortalClock.date(try row.int64(5)), lastSeen: PortalClock.date(try row.int64(6)),
                versions: (versions[fingerprint] ?? []).sorted(by: AppVersion.isNewer),
                status: ErrorGroupStatus(rawValue: try row.text(7)) ?? .new)
        }
    }
}
