package ui

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"strings"
	"unicode"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"encounterplanner/model"
	"encounterplanner/ui/controls"
	"encounterplanner/ui/render"
)

// Tool is what a primary-button gesture on the map does.
type Tool int

type toolInfo struct {
	key  rune
	name string
	tip  string
}

var tools = []toolInfo{
	ToolSelect: {'v', "Select", "V  Select and move tokens (Shift: place anyway)"},
	ToolBrush:  {'b', "Brush", "B  Paint terrain; [ and ] change the brush size"},
	ToolRect:   {'r', "Rect", "R  Drag a rectangle of terrain"},
	ToolLine:   {'l', "Line", "L  Drag a line of terrain (walls)"},
	ToolFill:   {'f', "Fill", "F  Flood-fill an area of the same terrain"},
	ToolErase:  {'e', "Erase", "E  Erase terrain back to open ground"},
	ToolToken:  {'t', "Token", "T  Click a square to add a token"},
	ToolFog:    {'g', "Fog", "G  Reveal or hide squares (Shift hides); G again: rectangle, room, GM-only squares"},
	ToolWall:   {'w', "Wall", "W  Drag thin walls along grid lines (terrain 2 paints whole wall squares); W again: door, secret door; Shift-drag erases"},
}

type terrainInfo struct {
	key  rune
	name string
	t    model.Terrain
}

// palette lists the terrains the GM paints, with their number keys; 0 is
// the common difficult+hazardous mix, s shallow water (W, its legend key
// in the file, is the wall tool's).
var palette = []terrainInfo{
	{'1', "Open", 0},
	{'2', "Wall", model.Wall},
	{'3', "Obstacle", model.Obstacle},
	{'4', "Difficult", model.Difficult},
	{'5', "Greater diff.", model.GreaterDifficult},
	{'6', "Hazard", model.Hazardous},
	{'7', "Narrow", model.Narrow},
	{'8', "Uneven", model.Uneven},
	{'9', "Water", model.Water},
	{'0', "Diff+Haz", model.Difficult | model.Hazardous},
	{'s', "Shallow", model.ShallowWater},
}

// toolPanel is the left column: the tools, the terrains and the brush.
type toolPanel struct {
	tool        Tool
	terrain     model.Terrain
	brush       int
	edgeKind    int      // index in edgeKinds: what the wall tool draws
	fogMode     int      // index in fogModeNames: what the fog tool does
	fogFollow   bool     // Fog > "Reveal follows the party" (kept: fogtool.go)
	area        areaTool // area templates (areas.go)
	toolButtons []*controls.TipButton
	terrButtons []*controls.TipButton
	modeLabel   *widget.Label // the fog or wall tool's mode, in the tool grid's free cell
	brushLabel  *widget.Label
	terrLabel   *widget.Label
}

// SetTool picks the tool for the primary button.
func (ed *Editor) SetTool(t Tool) {
	ed.abandonGesture()
	if ed.gest.ruler.On {
		ed.ToggleRuler() // picking a tool puts the ruler away
	}
	if t == ToolWall && ed.tools.tool == ToolWall {
		ed.cycleEdgeKind()
		return
	}
	if t == ToolFog && ed.tools.tool == ToolFog {
		ed.cycleFogMode()
		return
	}
	ed.tools.tool = t
	if t == ToolLine && ed.tools.terrain == 0 {
		ed.tools.terrain = model.Wall // a line of open ground is rarely meant
	}
	ed.updateToolButtons()
}

// SetTerrain picks the terrain the painting tools lay down; picking one
// while selecting switches to the brush.
func (ed *Editor) SetTerrain(t model.Terrain) {
	ed.tools.terrain = t
	if ed.tools.tool == ToolSelect || ed.tools.tool == ToolToken || ed.tools.tool == ToolErase {
		ed.tools.tool = ToolBrush
	}
	ed.updateToolButtons()
}

// SetBrush sets the brush size, 1 to 5 squares.
func (ed *Editor) SetBrush(n int) {
	ed.tools.brush = max(1, min(5, n))
	ed.updateToolButtons()
}

func (ed *Editor) updateToolButtons() { ed.tools.update() }

// build makes the left column's widgets: a button per tool and per
// terrain (with their keys in tooltips on tips), the brush size and the
// terrain's name. The buttons call setTool, setTerrain and resize (by -1
// or +1).
func (tp *toolPanel) build(tips *controls.TipLayer, setTool func(Tool), setTerrain func(model.Terrain), resize func(int)) fyne.CanvasObject {
	var toolObjs []fyne.CanvasObject
	for i, ti := range tools {
		b := controls.NewTipButton(fmt.Sprintf("%c %s", ti.key-'a'+'A', ti.name), ti.tip, tips, func() { setTool(Tool(i)) })
		tp.toolButtons = append(tp.toolButtons, b)
		toolObjs = append(toolObjs, b)
	}
	var terrObjs []fyne.CanvasObject
	for _, p := range palette {
		k := unicode.ToUpper(p.key) // W, as the tools show their letters
		tip := fmt.Sprintf("%c  Paint %s", k, strings.Join(terrainWords(p.t), " + "))
		if p.t == model.Wall {
			// two kinds of wall: a new GM took one for the other
			tip += " squares (the W tool draws thin walls on grid lines)"
		}
		b := controls.NewTipButton(string(k), tip, tips, func() { setTerrain(p.t) })
		b.SetIcon(terrainIcon(p.t, swatchPixels(1)))
		tp.terrButtons = append(tp.terrButtons, b)
		terrObjs = append(terrObjs, swatchWithName(b, p.t, p.name))
	}
	tp.terrLabel = widget.NewLabel("")
	tp.terrLabel.Truncation = fyne.TextTruncateEllipsis
	// The fog and wall tools' mode shows in the grid's free cell, right of
	// G and under W, in the lit button's colour. In the buttons ("G Fog
	// rect") it changed the column's width, and the map's left edge with
	// it, at each G or W, so the GM's next click landed a square off; a
	// line of its own pushed the palette out of a 780-pixel window. The
	// label cuts a name too long rather than widen the column.
	tp.modeLabel = widget.NewLabel("")
	tp.modeLabel.Truncation = fyne.TextTruncateEllipsis
	tp.modeLabel.Importance = widget.HighImportance
	toolObjs = append(toolObjs, tp.modeLabel)
	tp.brushLabel = widget.NewLabel("")
	smaller := controls.NewTipButton("[", "[  Smaller brush", tips, func() { resize(-1) })
	bigger := controls.NewTipButton("]", "]  Bigger brush", tips, func() { resize(+1) })
	left := container.NewVBox(
		widget.NewLabelWithStyle("Tools", fyne.TextAlignLeading, fyne.TextStyle{Bold: true}),
		container.NewGridWithColumns(2, toolObjs...),
		container.NewBorder(nil, nil, smaller, bigger, tp.brushLabel),
		widget.NewLabelWithStyle("Terrain", fyne.TextAlignLeading, fyne.TextStyle{Bold: true}),
		container.NewGridWithColumns(2, terrObjs...),
		tp.terrLabel,
	)
	scroll := container.NewVScroll(left)
	scroll.SetMinSize(fyne.NewSize(150, 0))
	return scroll
}

// edgeModeNames are the wall tool's modes, by the kind it draws, as the
// tool grid's free cell names them.
var edgeModeNames = []string{"Wall", "Door", "Secret"}

// swatchWithName puts the terrain's short name under its swatch button:
// the palette showed only numbers, with the names in tooltips the GM had
// to hover one by one.
func swatchWithName(b *controls.TipButton, t model.Terrain, name string) fyne.CanvasObject {
	cap := controls.NewCaption(name, theme.SizeNameCaptionText)
	cap.Alignment = fyne.TextAlignCenter
	return container.New(&captionLayout{t: t, px: swatchPixels(1)}, b, cap)
}

// captionLayout stacks a terrain's swatch button over its caption,
// tight, and gives the button a picture with the pixels of its icon at
// the window's scale: drawn for a scale of 1, it was blown up, blurred,
// at FYNE_SCALE=2 (a HiDPI laptop), the obstacle's hatching soft beside
// the crisp map.
type captionLayout struct {
	t  model.Terrain
	px int // the picture's pixels
}

func (l *captionLayout) Layout(objs []fyne.CanvasObject, s fyne.Size) {
	if b, ok := objs[0].(*controls.TipButton); ok {
		if c := fyne.CurrentApp().Driver().CanvasForObject(b); c != nil {
			if px := swatchPixels(c.Scale()); px != l.px {
				l.px = px
				b.SetIcon(terrainIcon(l.t, px))
			}
		}
	}
	ch := objs[1].MinSize().Height
	objs[0].Move(fyne.NewPos(0, 0))
	objs[0].Resize(fyne.NewSize(s.Width, s.Height-ch))
	objs[1].Move(fyne.NewPos(0, s.Height-ch-1))
	objs[1].Resize(fyne.NewSize(s.Width, ch))
}

func (*captionLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	b, c := objs[0].MinSize(), objs[1].MinSize()
	return fyne.NewSize(max(b.Width, c.Width), b.Height+c.Height-1)
}

// update shows the current tool (and the fog or wall tool's mode),
// terrain and brush size.
func (tp *toolPanel) update() {
	mode := ""
	switch tp.tool {
	case ToolFog:
		mode = fogModeNames[tp.fogMode]
	case ToolWall:
		mode = edgeModeNames[tp.edgeKind]
	}
	tp.modeLabel.SetText(mode)
	for i, b := range tp.toolButtons {
		imp := widget.MediumImportance
		if Tool(i) == tp.tool {
			imp = widget.HighImportance
		}
		if b.Importance != imp {
			b.Importance = imp
			b.Refresh()
		}
	}
	for i, b := range tp.terrButtons {
		imp := widget.LowImportance
		if palette[i].t == tp.terrain {
			imp = widget.HighImportance
		}
		if b.Importance != imp {
			b.Importance = imp
			b.Refresh()
		}
	}
	tp.brushLabel.SetText(fmt.Sprintf("brush %d", tp.brush))
	tp.terrLabel.SetText(strings.Join(terrainWords(tp.terrain), " + "))
}

// swatchPixels is the size of a swatch's picture for a window at scale:
// 24 pixels at 1, as the palette was first drawn, and a multiple of 24
// that has the icon's pixels at a larger scale (Fyne draws a larger
// picture down smoothly; a smaller one it blows up).
func swatchPixels(scale float32) int {
	px := 24
	for float32(px) < theme.IconInlineSize()*scale-0.5 {
		px += 24
	}
	return px
}

// terrainIcon draws a px-pixel swatch of terrain t with the map renderer,
// so the palette looks like what it paints.
func terrainIcon(t model.Terrain, px int) fyne.Resource {
	e := &model.Encounter{Name: "swatch", Ruleset: model.Rulesets[0], Grid: model.NewGrid(1, 1)} // any ruleset draws terrain alike
	e.Grid.Set(0, 0, t)
	img := image.NewRGBA(image.Rect(0, 0, px, px))
	render.Draw(img, e, render.View{Scale: float64(px), NoGrid: true, NoTokens: true}, nil)
	// a thin frame so open ground shows on a light theme: a pixel of a
	// 24-pixel swatch
	fr := color.RGBA{0x80, 0x80, 0x80, 0xff}
	line := px / 24
	for i := 0; i < px; i++ {
		for j := 0; j < line; j++ {
			img.SetRGBA(i, j, fr)
			img.SetRGBA(i, px-1-j, fr)
			img.SetRGBA(j, i, fr)
			img.SetRGBA(px-1-j, i, fr)
		}
	}
	var buf bytes.Buffer
	_ = png.Encode(&buf, img)
	return fyne.NewStaticResource(fmt.Sprintf("terrain-%s-%d.png", t, px), buf.Bytes())
}
