import AppFeatures
import Charts
import ReportOutput
import Reports
import SwiftUI

/// Reports (T18): the built-ins ("fish caught by …", counting fish, not rows) and the angler's
/// saved ones; the one opened is drawn as a chart from the core's chart spec, with its table,
/// above the list — or beside it, each half the width, on a wide screen (issue 33 §2).
struct ReportsScreen: View {
    @Bindable var model: ReportsModel
    let models: ScreenModels
    @Environment(\.horizontalSizeClass) private var width

    var body: some View {
        Group {
            if width == .regular {
                HStack(alignment: .top, spacing: 0) {
                    List { reports }.frame(maxWidth: .infinity)
                    Group {
                        if model.result == nil {
                            ContentUnavailableView(models.text("reports.choose"), systemImage: "chart.bar.xaxis")
                        } else {
                            List { opened }
                        }
                    }
                    .frame(maxWidth: .infinity)
                }
            } else {
                List {
                    opened
                    reports
                }
            }
        }
        .navigationTitle(models.text("page.reports"))
        .undoBanner(model.undoOffer, help: models.help)
        .task { try? await model.load() }
        .task { await model.observe() }
        .task { try? await models.bests.load() }
        .task { await models.bests.observe() }
    }

    /// The report opened: its chart, its table and the way to change it.
    @ViewBuilder private var opened: some View {
        if let result = model.result {
            Section(result.chart.title) {
                ReportChart(spec: result.chart)
                ReportTableRows(table: result.displayTable)
                ControlButton(ReportsModel.change, systemImage: "slider.horizontal.3", help: models.help) {
                    models.router.select(page: "formula")
                }
            }
        }
    }

    /// The personal bests, the built-in reports and the saved ones.
    @ViewBuilder private var reports: some View {
        if !models.bests.bests.isEmpty {
            Section(models.text("reports.bests")) {
                ForEach(models.bests.bests) { best in
                    NavigationLink(value: Destination.catchPage(best.item.id)) {
                        VStack(alignment: .leading) {
                            Text(best.title).font(.headline)
                            Text(best.detail).font(.subheadline).foregroundStyle(.secondary)
                        }
                    }
                    .control(PersonalBestsModel.open, help: models.help)
                }
            }
        }
        Section(models.text("reports.builtIn")) {
            ForEach(model.builtIns, id: \.slug) { report in
                Button(report.title) { Task { await model.open(report) } }
                    .control(ReportsModel.openBuiltIn, help: models.help)
            }
        }
        Section(models.text("reports.saved")) {
            ForEach(model.saved) { report in
                Button(report.title) {
                    model.selectedSaved = report
                    Task { await model.open(report) }
                }
                .control(ReportsModel.openSaved, help: models.help)
                .swipeActions {
                    ControlButton(ReportsModel.remove, systemImage: "trash", role: .destructive, help: models.help) {
                        model.selectedSaved = report
                        Task { await model.request(ReportsModel.remove) }
                    }
                }
            }
        }
        ProblemNote(problem: model.problem)
    }
}

/// A chart spec drawn with Swift Charts: bars, a line or a pie; a table-only report draws none.
struct ReportChart: View {
    let spec: ChartSpec

    var body: some View {
        if spec.kind != .table, let series = spec.series.first {
            Chart {
                ForEach(Array(zip(spec.categories, series.values).enumerated()), id: \.offset) { _, point in
                    switch spec.kind {
                    case .line:
                        LineMark(x: .value(spec.categoryLabel ?? "", point.0), y: .value(spec.valueLabel, point.1 ?? 0))
                    case .pie:
                        SectorMark(angle: .value(spec.valueLabel, point.1 ?? 0))
                            .foregroundStyle(by: .value(spec.categoryLabel ?? "", point.0))
                    default:
                        BarMark(x: .value(spec.categoryLabel ?? "", point.0), y: .value(spec.valueLabel, point.1 ?? 0))
                    }
                }
            }
            .frame(minHeight: 220)
        }
    }
}

/// A report's table: its column titles, then a row per group, the columns lined up.
struct ReportTableRows: View {
    let table: ReportTable

    var body: some View {
        Grid(alignment: .leading, horizontalSpacing: 16, verticalSpacing: 6) {
            GridRow {
                ForEach(table.columns, id: \.self) { Text($0).font(.caption).foregroundStyle(.secondary) }
            }
            ForEach(Array(table.rows.enumerated()), id: \.offset) { _, row in
                GridRow {
                    ForEach(Array(row.enumerated()), id: \.offset) { _, value in Text(value.displayText) }
                }
            }
        }
    }
}
