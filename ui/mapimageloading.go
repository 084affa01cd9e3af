package ui

import "time"

// A big map image (an imported 8192 x 7424 battle map) takes a second or
// more to decode, which the map view does away from the window, drawing
// the map without it meanwhile (mapview.View.DecodingImage). To the GM
// that first frame looked like a map that had lost its picture: the
// status bar now says the image is being loaded while it is, and clears
// that once it shows.

// loadingImageMessage is what the status bar says while the map image is
// decoded.
const loadingImageMessage = "loading the map image…"

// imageWatch is how often the editor looks whether the map image is still
// being decoded; imageWatchFirst is how many looks it waits for the first
// frame to start decoding before it stops looking.
const (
	imageWatch      = 100 * time.Millisecond
	imageWatchFirst = 30
)

// watchMapImage says in the status bar that the map image is loading while
// the map view decodes it, and clears the words once it is drawn (or the
// editor no longer shows). Nothing happens for a map without an image, or
// one decoded before the first look.
func (ed *Editor) watchMapImage() {
	if ed.enc.Background == "" {
		return
	}
	said := false
	var look func(n int)
	look = func(n int) {
		time.AfterFunc(imageWatch, func() {
			ed.post(func() {
				if ed.win.Content() != ed.content {
					return // another encounter or the library shows now
				}
				switch {
				case ed.view.DecodingImage():
					if !said || n%40 == 0 { // the message clears itself after msgTTL
						ed.message(loadingImageMessage)
						said = true
					}
					look(n + 1)
				case said:
					if ed.status.msgLabel.Text == loadingImageMessage {
						ed.message("")
					}
				case n < imageWatchFirst:
					look(n + 1) // the first frame has not asked for it yet
				}
			})
		})
	}
	look(0)
}
