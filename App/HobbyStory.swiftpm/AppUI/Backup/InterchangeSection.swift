import AppFeatures
import DiaryInterchange
import SwiftUI
import UniformTypeIdentifiers

/// Export and import on Settings' Data page (issue 34 §1; T2, T5, UI5): choose a format and export,
/// then save or send the file; or choose a file, read what it would add and refuse, and import it —
/// with an undo that moves the whole import to the Trash.
struct InterchangeSection: View {
    @Bindable var model: InterchangeModel
    let models: ScreenModels

    var body: some View {
        Section(models.text("interchange.section")) {
            Picker(models.help.label(InterchangeModel.format), selection: $model.format) {
                ForEach(model.formats, id: \.format) { Text($0.name).tag($0.format) }
            }
            .control(InterchangeModel.format, help: models.help)
            ControlButton(InterchangeModel.export, systemImage: "square.and.arrow.up.on.square", help: models.help) {
                Task { await model.exportDiary() }
            }
            .disabled(model.isWorking)
            if let exported = model.exported, let summary = model.exportSummary {
                Text(summary).font(.footnote).foregroundStyle(.secondary)
                ShareLink(item: URL(fileURLWithPath: exported.path)) {
                    Label(models.help.label(InterchangeModel.share), systemImage: "square.and.arrow.up")
                }
                .control(InterchangeModel.share, help: models.help)
            }
            Text(models.text("interchange.explain")).font(.footnote).foregroundStyle(.secondary)
        }
        columns
        Section {
            if model.preview != nil {
                ForEach(Array(model.previewLines.enumerated()), id: \.offset) { _, line in
                    Text(line).font(.footnote)
                }
                HStack {
                    Button(models.help.label(InterchangeModel.cancelImport)) { model.cancelImport() }
                        .control(InterchangeModel.cancelImport, help: models.help)
                    Spacer()
                    Button(models.help.label(InterchangeModel.confirmImport)) { Task { await model.importChosen() } }
                        .disabled(!model.canImport)
                        .control(InterchangeModel.confirmImport, help: models.help)
                }
            } else {
                ControlButton(InterchangeModel.choose, systemImage: "square.and.arrow.down", help: models.help) {
                    model.isChoosing = true
                }
                if let summary = model.importSummary {
                    Text(summary).font(.footnote).foregroundStyle(.secondary)
                    if model.imported?.outcome.importId != nil {
                        Button(models.help.label(InterchangeModel.undoImport), systemImage: "arrow.uturn.backward") {
                            Task { await model.request(InterchangeModel.undoImport) }
                        }
                        .control(InterchangeModel.undoImport, help: models.help)
                    }
                }
            }
            if model.isWorking { ProgressView() }
            ProblemNote(problem: model.problem)
        }
        .fileImporter(isPresented: $model.isChoosing, allowedContentTypes: Self.importable) { result in
            guard case .success(let file) = result else { return }
            Task { await model.choose(file, access: SecurityScopedAccess(file)) }
        }
    }

    /// The chosen spreadsheet's columns, each with what its first rows hold and the diary's
    /// field it fills, changeable before anything is saved (issue 34 §1).
    @ViewBuilder
    private var columns: some View {
        if !model.columnRows.isEmpty {
            Section {
                ForEach(model.columnRows) { row in
                    Picker(selection: column(row.header)) {
                        Text(model.name(of: nil)).tag(SheetColumn?.none)
                        ForEach(model.columnChoices, id: \.self) { Text(model.name(of: $0)).tag(SheetColumn?.some($0)) }
                    } label: {
                        VStack(alignment: .leading, spacing: 2) {
                            Text(row.header)
                            if !row.detail.isEmpty {
                                Text(row.detail).font(.caption).foregroundStyle(.secondary)
                            }
                        }
                    }
                    .control(InterchangeModel.column, help: models.help)
                }
                if let note = model.columnNote {
                    Label(note, systemImage: "exclamationmark.circle").font(.footnote)
                }
            } header: {
                Text(models.text("interchange.columnsSection"))
            } footer: {
                Text(models.text("interchange.columnsNote"))
            }
        }
    }

    /// A column's picker: the file is read again with the angler's choice.
    private func column(_ header: String) -> Binding<SheetColumn?> {
        let model = model
        return Binding(
            get: { @MainActor in model.columnRows.first { $0.header == header }?.column },
            set: { @MainActor choice in Task { await model.read(header, as: choice) } })
    }

    /// GPX, KML and KMZ files: places and tracks other programs wrote.
    static let mapFiles = DiaryFileType.mapFiles.map(\.utType)

    /// The files the browser offers: spreadsheets and text, and map files.
    static let importable = DiaryFileType.importable.map(\.utType)
}
