package ui

import (
	"context"
	"errors"
	"fmt"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"encounterplanner/model"
	"encounterplanner/ui/controls"
)

// An encounter open in this window may be changed elsewhere: in another
// window or copy of the app on the same library (the command line only
// adds encounters). The editor looks at its stored version every few
// seconds (store.Version, 11 µs) and:
//   - without unsaved edits, shows the new version at once (reload), and
//     says so in the status bar; the reload is one undo step, as an edit
//     of this window's would be: Ctrl+Z goes back to what the window
//     showed, and saves that over the change, as any edit would;
//   - with unsaved edits, says at once, in a banner over the map's top
//     edge, that the encounter changed elsewhere, and offers what a
//     save's conflict would (Save as copy), or to reload; autosave stops,
//     as after the conflict itself;
//   - when it was deleted elsewhere, says so in that banner, keeps the
//     work in the window and offers Save as copy and Export encounter
//     file….
//
// Before, the window showed the old state until its own save conflicted.

// reloadWords names the reload in the status bar, and as an undo step.
const (
	reloadedWords = "Reloaded: changed in another window or copy of the app (Ctrl+Z goes back)"
	reloadStep    = "the reload of changes made elsewhere"
)

// elsewhere is what the editor knows of changes made to its encounter
// elsewhere.
type elsewhere struct {
	every time.Duration // how often to look; 0: never (tests look themselves)
	timer *time.Timer
	// bar is the slot above the map for the read-only banner, shown from
	// the window's start (editor.go), hidden without it
	bar *fyne.Container
	// notice is the banner over the map's top edge that says what
	// changed elsewhere (showNotice), hidden while there is nothing to say
	notice *fyne.Container
	over   *fyne.Container // lays notice out over the map (topBanner)
	// shown is what the notice says: noticeNone, noticeChanged or
	// noticeDeleted
	shown notice
	looks int // looks made (tests)
}

type notice int

const (
	noticeNone notice = iota
	noticeChanged
	noticeDeleted
)

// seen is what one look found.
type seen struct {
	id       string
	was, now int64 // the version the window holds; the one stored
	gone     bool  // deleted elsewhere
	loaded   *model.Encounter
}

// watchElsewhere looks at the store every every, from now until Close.
func (ed *Editor) watchElsewhere(every time.Duration) {
	ed.away.every = every
	ed.lookLater()
}

func (ed *Editor) lookLater() {
	if ed.away.every <= 0 || ed.saving.closed {
		return
	}
	ed.away.timer = time.AfterFunc(ed.away.every, func() { ed.post(ed.look) })
}

// look reads the stored version beside the window (and the encounter,
// when it moved and the window has nothing unsaved), then takes what it
// found on the UI goroutine (sawElsewhere) and looks again later.
func (ed *Editor) look() {
	if ed.saving.closed {
		return
	}
	if ed.store == nil || ed.enc.Version == 0 {
		ed.lookLater() // never stored: nothing to compare
		return
	}
	id, was, clean := ed.enc.ID, ed.enc.Version, !ed.dirty() && !ed.saving.saveBlocked
	store := ed.store
	ed.away.looks++
	go func() {
		r := seen{id: id, was: was, now: was}
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		v, err := store.Version(ctx, id)
		switch {
		case errors.Is(err, model.ErrNotFound):
			r.gone = true
		case err == nil && v != was:
			r.now = v
			if clean {
				r.loaded, _ = store.Load(ctx, id) // nil on failure: looked at again
			}
		}
		ed.post(func() {
			ed.sawElsewhere(r)
			ed.lookLater()
		})
	}()
}

// sawElsewhere acts on what a look found, unless the window moved on
// since (saved, saved as a copy, closed).
func (ed *Editor) sawElsewhere(r seen) {
	if ed.saving.closed || r.id != ed.enc.ID || r.was != ed.enc.Version {
		return
	}
	switch {
	case r.gone:
		if ed.away.shown != noticeDeleted {
			ed.blockSaves(fmt.Errorf("save %q: %w: %w: it was deleted elsewhere", ed.enc.Name, model.ErrConflict, model.ErrNotFound))
			ed.showNotice(noticeDeleted)
		}
	case r.now == r.was:
	case !ed.dirty() && !ed.saving.saveBlocked && r.loaded != nil:
		if ed.gest.stroke || ed.gest.dragTok >= 0 || controls.DialogOpen(ed.win) {
			return // the next look reloads, once the drag or dialog is over
		}
		ed.reload(r.loaded)
		ed.message(reloadedWords)
	case ed.away.shown != noticeChanged:
		ed.blockSaves(fmt.Errorf("save %q: %w (you opened version %d, version %d is stored)", ed.enc.Name, model.ErrConflict, r.was, r.now))
		ed.showNotice(noticeChanged)
	}
}

// blockSaves stops autosave, as a save's conflict would, so that no
// save tries (and fails, with a dialog) while the notice says why; Ctrl+S
// still tries, and shows the conflict's dialog.
func (ed *Editor) blockSaves(err error) {
	ed.saving.saveBlocked = true
	ed.saving.saveErr = err
	if ed.saving.saveTimer != nil {
		ed.saving.saveTimer.Stop()
	}
	ed.updateTitle()
}

// reload makes e, the encounter as stored now, the one the window shows,
// as one undo step (reloadStep): undo goes back to what the window
// showed before, as after an edit of its own.
func (ed *Editor) reload(e *model.Encounter) {
	before := ed.enc
	ed.hist.Push(before, "")
	ed.hist.Name(reloadStep)
	// restore keeps the window's storage identity: here it is the store's
	before.ID, before.Version, before.Created, before.Updated = e.ID, e.Version, e.Created, e.Updated
	ed.restore(e, "")
	if ed.saving.saveTimer != nil {
		ed.saving.saveTimer.Stop()
	}
	ed.saving.savedRev = ed.rev
	ed.saving.dirtySince = time.Time{}
	ed.saving.saveBlocked = false
	ed.saving.saveErr = nil
	ed.saving.savedAt = time.Now()
	ed.showNotice(noticeNone)
	ed.updateTitle()
}

// reloadAsked reloads at the GM's word from the notice, unsaved edits
// and all: they are the undo step before the reload.
func (ed *Editor) reloadAsked() {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	e, err := ed.store.Load(ctx, ed.enc.ID)
	if err != nil {
		controls.ShowError(ed.win, "Could not reload the encounter", err)
		return
	}
	ed.reload(e)
	ed.message("Reloaded: the version saved elsewhere (Ctrl+Z brings your edits back)")
}

// showNotice puts the notice n over the map's top edge (noticeNone: takes
// it away).
func (ed *Editor) showNotice(n notice) {
	ed.away.shown = n
	box := ed.away.notice
	box.RemoveAll()
	name := ed.enc.Name
	var text string
	var buttons []fyne.CanvasObject
	// pane buttons: Tab reaches them, Space or Enter presses them, and
	// any other key goes on to the map
	copyOrExport := controls.NewPaneButton("Save as copy", func() { ed.SaveAsCopy() })
	if ed.readOnly() {
		copyOrExport = controls.NewPaneButton("Export encounter file…", ed.exportFile)
	}
	switch n {
	case noticeChanged:
		text = fmt.Sprintf("%q was changed in another window or copy of the app. Your edits here are not saved: saving them would overwrite that change.", name)
		buttons = []fyne.CanvasObject{copyOrExport, controls.NewPaneButton("Reload", ed.reloadAsked)}
	case noticeDeleted:
		text = fmt.Sprintf("%q was deleted in another window or copy of the app; this window still holds it.", name)
		buttons = []fyne.CanvasObject{copyOrExport}
		if !ed.readOnly() {
			buttons = append(buttons, controls.NewPaneButton("Export encounter file…", ed.exportFile))
		}
	}
	if text == "" {
		box.Hide()
		ed.away.over.Refresh()
		return
	}
	// the theme's text colour on the theme's overlay colour, edged in
	// its warning colour: the warning orange as text was faint on the
	// light theme's white
	lbl := widget.NewLabelWithStyle(text, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	lbl.Wrapping = fyne.TextWrapWord
	icon := widget.NewIcon(theme.NewWarningThemedResource(theme.WarningIcon()))
	row := container.NewBorder(nil, nil, icon, container.NewHBox(buttons...), lbl)
	box.Add(newNoticeBack())
	box.Add(container.NewPadded(row))
	box.Show()
	ed.away.over.Refresh() // its height for its text, now
}

// mapUnderNotice is the map with the notice's banner over its top edge:
// the bar above the map that the notice had pushed the map down by about
// 40 px while it showed, and up again when it went, the squares under
// the pointer moving with it. The banner takes the map's width, less a
// padding each side, and its text's height; what it covers pans into
// view (drag, arrows) as anything off the view does.
func (ed *Editor) mapUnderNotice() fyne.CanvasObject {
	ed.away.notice = container.NewStack()
	ed.away.notice.Hide()
	ed.away.over = container.New(topBanner{}, ed.away.notice)
	return container.NewStack(ed.view, ed.away.over)
}

// topBanner lays its objects out across the top of its size, a padding
// in from its top and sides, as high as they ask at that width (a
// wrapped label asks its lines' height once it knows its width). It asks
// no size of its own: the map under it keeps its least size.
type topBanner struct{}

func (topBanner) MinSize([]fyne.CanvasObject) fyne.Size { return fyne.Size{} }

func (topBanner) Layout(objs []fyne.CanvasObject, s fyne.Size) {
	pad := theme.Padding()
	w := max(s.Width-2*pad, 0)
	for _, o := range objs {
		o.Move(fyne.NewPos(pad, pad))
		o.Resize(fyne.NewSize(w, o.MinSize().Height))
		o.Resize(fyne.NewSize(w, min(o.MinSize().Height, max(s.Height-2*pad, 0))))
	}
}

// noticeBack is the notice banner's background: the theme's overlay
// colour edged in its warning colour, redrawn in a new theme. It takes
// the pointer over the banner, so that a click or drag on the notice's
// words paints or selects nothing on the map under it, and the map's
// hover (the square named in the status bar) ends at the banner's edge.
type noticeBack struct {
	widget.BaseWidget
}

func newNoticeBack() *noticeBack {
	b := &noticeBack{}
	b.ExtendBaseWidget(b)
	return b
}

// Tapped implements fyne.Tappable: the map under the banner is not tapped.
func (*noticeBack) Tapped(*fyne.PointEvent) {}

// TappedSecondary implements fyne.SecondaryTappable: nor right-clicked.
func (*noticeBack) TappedSecondary(*fyne.PointEvent) {}

// MouseDown implements desktop.Mouseable: no stroke begins under it.
func (*noticeBack) MouseDown(*desktop.MouseEvent) {}

// MouseUp implements desktop.Mouseable.
func (*noticeBack) MouseUp(*desktop.MouseEvent) {}

// Dragged implements fyne.Draggable: no pan or drag begins under it.
func (*noticeBack) Dragged(*fyne.DragEvent) {}

// DragEnd implements fyne.Draggable.
func (*noticeBack) DragEnd() {}

// MouseIn implements desktop.Hoverable: the map's hover ends at the
// banner.
func (*noticeBack) MouseIn(*desktop.MouseEvent) {}

// MouseMoved implements desktop.Hoverable.
func (*noticeBack) MouseMoved(*desktop.MouseEvent) {}

// MouseOut implements desktop.Hoverable.
func (*noticeBack) MouseOut() {}

func (b *noticeBack) CreateRenderer() fyne.WidgetRenderer {
	r := &noticeBackRenderer{rect: canvas.NewRectangle(nil)}
	r.Refresh()
	return r
}

type noticeBackRenderer struct{ rect *canvas.Rectangle }

func (r *noticeBackRenderer) Layout(s fyne.Size) { r.rect.Resize(s) }

func (r *noticeBackRenderer) MinSize() fyne.Size { return fyne.Size{} }

func (r *noticeBackRenderer) Refresh() {
	r.rect.FillColor = theme.Color(theme.ColorNameOverlayBackground)
	r.rect.StrokeColor = theme.Color(theme.ColorNameWarning)
	r.rect.StrokeWidth = 2
	r.rect.CornerRadius = theme.InputRadiusSize()
	r.rect.Refresh()
}

func (r *noticeBackRenderer) Objects() []fyne.CanvasObject {
	return []fyne.CanvasObject{r.rect}
}

func (r *noticeBackRenderer) Destroy() {}

// conflictNotice is the notice for a save's conflict err: deleted
// elsewhere, or changed.
func conflictNotice(err error) notice {
	if errors.Is(err, model.ErrNotFound) {
		return noticeDeleted
	}
	return noticeChanged
}

// notice returns what the banner over the map says ("" for nothing), for
// tests.
func (ed *Editor) notice() string {
	if ed.away.shown == noticeNone || len(ed.away.notice.Objects) < 2 {
		return ""
	}
	row := ed.away.notice.Objects[1].(*fyne.Container).Objects[0].(*fyne.Container)
	return row.Objects[0].(*widget.Label).Text
}
