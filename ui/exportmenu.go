package ui

import "fyne.io/fyne/v2"

// exportItems are the File menu's export and import entries; they arrive
// with ui/export.
func (ed *Editor) exportItems() []*fyne.MenuItem { return nil }
