import DiaryStore
import FishingModel
import Foundation
import Observation
import ReportOutput
import Reports

/// Reports (T18): the built-ins and the angler's saved ones; a formula editor that checks as the
/// angler types (the problem and where it is, with "did you mean"), runs the formula for its
/// result table and chart spec, and saves it as a custom report. Removing a saved report can be
/// undone. The builder (`ReportsModel+Builder.swift`, issue 33 §4) writes the formula from choices.
@MainActor
@Observable
public final class ReportsModel: SafeguardsDestructiveActions {
    public static let openBuiltIn = Control("reports.openBuiltIn", .link)
    public static let openSaved = Control("reports.openSaved", .link)
    public static let formula = Control("reports.formula", .field)
    public static let run = Control("reports.run", .button)
    public static let chartKind = Control("reports.chartKind", .picker)
    public static let title = Control("reports.title", .field)
    public static let save = Control("reports.save", .button)
    public static let remove = Control("reports.remove", .button, safeguard: .undo)
    public static let controls =
        [openBuiltIn, openSaved, change, formula, run, chartKind, title, save, remove] + builderControls

    public let builtIns: [BuiltInReport]
    public private(set) var saved: [SavedReport] = []
    /// The formula being written; every change is checked at once.
    public var formulaText = "" { didSet { check() } }
    /// The builder's choices the formula reads back into; nil while the formula is empty or says
    /// more than the builder can show.
    public private(set) var recipe: ReportRecipe?
    /// The years, spots and species the builder's filters offer.
    public internal(set) var choices = RecipeChoices()
    public var titleText = "" { didSet { savedNote = nil } }
    /// "Saved in Your reports as …", after Save, until the formula or the name changes.
    public private(set) var savedNote: String?
    public var chart: ChartKind = .bar
    /// The formula's problem and its position (a character offset), or nil when it is valid.
    public private(set) var formulaProblem: (message: String, position: Int?)?
    public private(set) var result: ReportResult?
    /// The saved report being edited, if any.
    public private(set) var editingSaved: SavedReport?
    public var selectedSaved: SavedReport?
    public private(set) var problem: String?
    /// Why Save is off while the licence is over (T13), shown beside it; nil otherwise.
    public private(set) var readOnlyReason: String?
    public private(set) var confirmation: PendingConfirmation?
    public private(set) var undoOffer: UndoOffer?

    let diary: DiaryQueue
    private let databaseURL: URL
    /// One read-only engine kept while the screen lives, so re-runs find the pages cached.
    @ObservationIgnored private var engine: SerialAccess<ReportEngine>?
    let language: Language
    let catalog: Catalog
    private var problems: ProblemMessages { ProblemMessages(language: language, catalog: catalog) }

    public init(diary: DiaryQueue, databaseURL: URL, currentYear: Int, language: Language, catalog: Catalog = .shared) {
        self.diary = diary
        self.databaseURL = databaseURL
        self.language = language
        self.catalog = catalog
        builtIns = BuiltInReports.all(currentYear: currentYear)
    }

    public func load() async throws {
        saved = try await diary.read { try $0.savedReports() }
        readOnlyReason = await diary.readOnlyReason(catalog, language)
        choices = try await readEngine().run { try $0.recipeChoices() }
    }

    /// The read-only engine, opened once while the screen lives.
    private func readEngine() throws -> SerialAccess<ReportEngine> {
        if let engine { return engine }
        let opened = SerialAccess(try ReportEngine(databaseURL: databaseURL), label: "reports")
        engine = opened
        return opened
    }

    public func observe() async {
        for await change in diary.changes() where change.contains(.reports) { try? await load() }
    }

    public var canRun: Bool { formulaProblem == nil && !formulaText.isEmpty }
    public var canSave: Bool {
        canRun && !titleText.trimmingCharacters(in: .whitespaces).isEmpty && readOnlyReason == nil
    }

    /// Puts a built-in's formula in the editor and runs it.
    public func open(_ report: BuiltInReport) async {
        editingSaved = nil
        titleText = report.title
        chart = report.chart
        formulaText = report.formula
        await runFormula()
    }

    public func open(_ report: SavedReport) async {
        editingSaved = report
        selectedSaved = report
        titleText = report.title
        chart = ChartKind(rawValue: report.chart) ?? .bar
        formulaText = report.formula
        await runFormula()
    }

    /// Runs the formula over the diary (a read-only connection of its own, so reports never
    /// wait for or block the diary's writes).
    public func runFormula() async {
        guard canRun else { return }
        let (formula, title, kind) = (formulaText, titleText, chart)
        let columns = recipe?.columnTitles { catalog.text($0, language, $1) }
        do {
            result = try await readEngine().run {
                try $0.run(formula: formula, title: title.isEmpty ? nil : title, chart: kind, columns: columns)
            }
            problem = nil
        } catch let error as ReportError {
            formulaProblem = (problems.report(error), error.position)
            result = nil
        } catch {
            problem = problems.text(error)
            result = nil
        }
    }

    /// Saves the formula as a custom report (a new one, or the one opened).
    public func saveReport() async {
        guard canSave else { return }
        let (id, title, formula, kind) = (editingSaved?.id, titleText, formulaText, chart.rawValue)
        do {
            editingSaved = try await diary.write {
                try $0.saveReport(id: id, title: title, formula: formula, chart: kind)
            }
            try await load()
            problem = nil
            savedNote = catalog.text("reports.savedAs", language, ["title": title])
        } catch {
            problem = problems.text(error)
        }
    }

    public func request(_ control: Control) async {
        guard control == Self.remove, let report = selectedSaved else { return }
        let id = report.id
        do {
            undoOffer = try await diary.moveToTrashOfferingUndo(.report, id, language: language, catalog: catalog) {
                [weak self] in try await self?.load()
            }
            selectedSaved = nil
            if editingSaved?.id == id { editingSaved = nil }
            try await load()
        } catch {
            problem = problems.text(error)
        }
    }

    private func check() {
        savedNote = nil
        recipe = ReportRecipe(formula: formulaText)
        guard !formulaText.isEmpty else {
            formulaProblem = nil
            return
        }
        do throws(ReportError) {
            try ReportEngine.check(formulaText)
            formulaProblem = nil
        } catch {
            formulaProblem = (problems.report(error), error.position)
        }
    }
}
