package ui

// A big map image (an imported 8192 x 7424 battle map) takes a second or
// more to decode, which the map view does away from the window, drawing
// the map without it meanwhile (mapview.View.OnImageLoading). To the GM
// that first frame looked like a map that had lost its picture: the
// status bar says the image is being loaded while it is, and clears that
// once it shows.

// loadingImageMessage is what the status bar says while the map image is
// decoded.
const loadingImageMessage = "loading the map image…"

// watchMapImage has the status bar say that the map image is loading from
// the frame drawn without it to the frame that shows it: when the editor
// opens on a map, and when a new map image or an undo brings one. The
// words stay up while the decoding lasts (a message would clear itself
// after msgTTL) and give way to any newer message.
func (ed *Editor) watchMapImage() {
	ed.view.OnImageLoading = func(loading bool) {
		switch {
		case loading:
			ed.status.hold(loadingImageMessage)
		case ed.status.msgLabel.Text == loadingImageMessage:
			ed.status.hold("")
		}
	}
}
