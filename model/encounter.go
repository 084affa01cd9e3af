package model

import (
	"fmt"
	"slices"
	"time"
)

// Ruleset names the rules an encounter is computed by (rules-conventions.md).
type Ruleset string

// The rulesets of ../shared/rules-text.
const (
	SF2E     Ruleset = "sf2e"
	PF1E     Ruleset = "pf1e"
	Starship Ruleset = "starship"
	Points   Ruleset = "points"
)

// Rulesets lists every ruleset in the order the app offers them.
var Rulesets = []Ruleset{SF2E, PF1E, Starship, Points}

// ParseRuleset reads a ruleset name.
func ParseRuleset(s string) (Ruleset, error) {
	for _, r := range Rulesets {
		if string(r) == s {
			return r, nil
		}
	}
	return "", fmt.Errorf("unknown ruleset %q (want sf2e, pf1e, starship or points)", s)
}

// DefaultFeetPerSquare is 50 for starship and 5 for every other ruleset.
func (r Ruleset) DefaultFeetPerSquare() int {
	if r == Starship {
		return 50
	}
	return 5
}

// Size is a creature's or ship's size category, smallest first.
type Size int8

// Sizes, smallest first; "N sizes larger" counts steps in this list.
const (
	Fine Size = iota
	Diminutive
	Tiny
	Small
	Medium
	Large
	Huge
	Gargantuan
	Colossal
)

var sizeNames = [...]string{"fine", "diminutive", "tiny", "small", "medium", "large", "huge", "gargantuan", "colossal"}

func (s Size) String() string {
	if s < 0 || int(s) >= len(sizeNames) {
		return fmt.Sprintf("size(%d)", int(s))
	}
	return sizeNames[s]
}

// ParseSize reads a size name; whether the ruleset allows it is Sizes' matter.
func ParseSize(s string) (Size, error) {
	for i, n := range sizeNames {
		if n == s {
			return Size(i), nil
		}
	}
	return 0, fmt.Errorf("unknown size %q", s)
}

// Sizes lists the sizes a ruleset allows: pf1e adds fine, diminutive and
// colossal to the tiny..gargantuan of the others.
func (r Ruleset) Sizes() []Size {
	if r == PF1E {
		return []Size{Fine, Diminutive, Tiny, Small, Medium, Large, Huge, Gargantuan, Colossal}
	}
	return []Size{Tiny, Small, Medium, Large, Huge, Gargantuan}
}

// AllowsSize reports whether s is one of r's sizes.
func (r Ruleset) AllowsSize(s Size) bool {
	for _, t := range r.Sizes() {
		if t == s {
			return true
		}
	}
	return false
}

// Space is the side, in squares, of a token of size s under ruleset r
// (rules-conventions.md: tiny/small/medium 1, large 2, huge 3, gargantuan 4;
// pf1e colossal 6; starship 1/1/2/4/8/16).
func (r Ruleset) Space(s Size) int {
	if r == Starship {
		switch s {
		case Medium:
			return 2
		case Large:
			return 4
		case Huge:
			return 8
		case Gargantuan:
			return 16
		}
		return 1
	}
	switch s {
	case Large:
		return 2
	case Huge:
		return 3
	case Gargantuan:
		return 4
	case Colossal:
		return 6
	}
	return 1
}

// Neutral is the default side: nobody's ally, never threatens or flanks.
const Neutral = "neutral"

// Allies reports whether two sides are allies: the same side, not neutral.
func Allies(a, b string) bool { return a == b && a != Neutral && a != "" }

// Enemies reports whether two sides are enemies: different sides, neither
// neutral. A neutral token blocks as an enemy does; see Blocks.
func Enemies(a, b string) bool { return a != b && a != Neutral && b != Neutral && a != "" && b != "" }

// Facing is one of 8 directions, clockwise from north.
type Facing uint8

// Facings, clockwise from north.
const (
	N Facing = iota
	NE
	E
	SE
	S
	SW
	W
	NW
)

var facingNames = [...]string{"N", "NE", "E", "SE", "S", "SW", "W", "NW"}

// Dir gives the unit step (dx, dy) of each facing; north is y-1.
var Dir = [8][2]int{{0, -1}, {1, -1}, {1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}}

func (f Facing) String() string {
	if int(f) < len(facingNames) {
		return facingNames[f]
	}
	return fmt.Sprintf("facing(%d)", int(f))
}

// ParseFacing reads N, NE, E, SE, S, SW, W or NW.
func ParseFacing(s string) (Facing, error) {
	for i, n := range facingNames {
		if n == s {
			return Facing(i), nil
		}
	}
	return 0, fmt.Errorf("unknown facing %q (want N, NE, E, SE, S, SW, W or NW)", s)
}

// Speed keys, in the order the file format writes them.
const (
	SpeedLand     = "land"
	SpeedFly      = "fly"
	SpeedSwim     = "swim"
	SpeedClimb    = "climb"
	SpeedBurrow   = "burrow"
	SpeedTurn     = "turn"
	SpeedMobility = "mobility"
)

// SpeedKeys lists every speed key in canonical order.
var SpeedKeys = []string{SpeedLand, SpeedFly, SpeedSwim, SpeedClimb, SpeedBurrow, SpeedTurn, SpeedMobility}

// Conditions the rules act on; any other string is kept as a label.
const (
	CondUnconscious      = "unconscious"
	CondCannotAct        = "cannot-act"
	CondNoMelee          = "no-melee"
	CondTakenCover       = "taken-cover"
	CondIgnoresDifficult = "ignores-difficult-terrain"
	CondProne            = "prone" // land movement is a Crawl
	CondDead             = "dead"  // as unconscious and prone; never blocks, gives no cover
)

// KnownConditions are the conditions the rules act on.
var KnownConditions = []string{CondUnconscious, CondCannotAct, CondNoMelee, CondTakenCover, CondIgnoresDifficult, CondProne, CondDead}

// ConditionText holds, in running text's lower case, the words of the
// conditions whose stored names are the file format's, not the books'
// ("taken-cover" is "taken cover"). Every place that shows a condition
// (the inspector, the fight pane, the map's badges) says these; the file
// and the command line keep the names.
var ConditionText = map[string]string{
	CondCannotAct:        "cannot act",
	CondNoMelee:          "no melee",
	CondTakenCover:       "taken cover",
	CondIgnoresDifficult: "ignores difficult terrain",
}

// Token is a creature, ship or object on the map. Its space is a k x k block
// whose top-left square is (X, Y), k = Ruleset.Space(Size).
type Token struct {
	ID          string
	Name        string
	X, Y        int
	Size        Size
	Side        string         // "" is read as Neutral
	Speeds      map[string]int // feet (points: movement points); absent = no such Speed
	Reach       *int           // feet; nil = from the size table
	Long        bool
	ReachWeapon bool
	Facing      Facing
	Hidden      bool
	Conditions  []string
	Notes       string
	Elevation   int    // feet above the ground (negative: burrowing or diving); sf2e and pf1e a multiple of feet per square
	Level       *int   // creature level, -1 to 25; nil = none (counts no XP)
	Initiative  *int   // the number rolled; nil = none (Fight.Order decides the order)
	HP          *HP    // nil = not tracked
	Image       string // data:image/png|jpeg|webp;base64,... portrait, at most 2048 px a side; "" = none
	Color       string // "#rrggbb", lower case, the disc's colour; "" = by side
}

// HP is a token's hit points: Current from 0 to Max. GM only.
type HP struct {
	Current, Max int
}

// SideOrNeutral returns the token's side, Neutral when unset.
func (t *Token) SideOrNeutral() string {
	if t.Side == "" {
		return Neutral
	}
	return t.Side
}

// Speed returns the token's speed for key and whether it has one.
func (t *Token) Speed(key string) (int, bool) {
	v, ok := t.Speeds[key]
	return v, ok
}

// Has reports whether the token has condition c.
func (t *Token) Has(c string) bool {
	for _, x := range t.Conditions {
		if x == c {
			return true
		}
	}
	return false
}

// Clone returns a deep copy.
func (t Token) Clone() Token {
	c := t
	if t.Speeds != nil {
		c.Speeds = make(map[string]int, len(t.Speeds))
		for k, v := range t.Speeds {
			c.Speeds[k] = v
		}
	}
	if t.Reach != nil {
		r := *t.Reach
		c.Reach = &r
	}
	if t.Conditions != nil {
		c.Conditions = append([]string(nil), t.Conditions...)
	}
	if t.Level != nil {
		v := *t.Level
		c.Level = &v
	}
	if t.Initiative != nil {
		v := *t.Initiative
		c.Initiative = &v
	}
	if t.HP != nil {
		v := *t.HP
		c.HP = &v
	}
	return c
}

// Note is a pin on the map; Player pins show on the player display.
type Note struct {
	X, Y   int
	Text   string
	Player bool
}

// Encounter is one prepared battle: a map, its tokens and notes, computed
// by its Ruleset.
type Encounter struct {
	ID            string
	Name          string
	Ruleset       Ruleset
	FeetPerSquare int
	Grid          Grid
	Background    string // data:image/png|jpeg|webp;base64,... or "" (drawn under the terrain)
	Tokens        []Token
	Notes         []Note

	// Added with table play and the third dimension (encounter-format.md).
	Edges     []Edge               // walls and doors on grid lines; see CanonicalEdges, NewEdgeGrid
	Placement *BackgroundPlacement // nil = the background stretched to the map
	GMOnly    []bool               // by y*W+x: terrain the players do not see; nil (or all false) = none
	Revealed  []bool               // by y*W+x: fog of war, true = revealed; nil = no fog
	Party     *Party               // nil = none given
	Fight     *Fight               // nil = no fight in progress
	Areas     []Area               // placed area templates

	// RevealedKept is, while fog of war is off (Revealed nil), what it had
	// revealed, by y*W+x, for turning it on again (FogOff, FogOn); nil
	// with fog on or nothing kept. The app's own field (encounter-format.md).
	RevealedKept []bool

	Created time.Time
	Updated time.Time
	Version int64 // storage revision, for optimistic locking; 0 = never saved

	// Dropped says what the store left out when it loaded the encounter
	// because Validate no longer accepts it (see DropUnusableImages), one
	// message each naming the field; nil when nothing. Never saved.
	Dropped []string
}

// Space returns the side in squares of token t's space under e's ruleset.
func (e *Encounter) Space(t *Token) int { return e.Ruleset.Space(t.Size) }

// InFog reports whether every square of token t's space that lies on the
// map is in fog, so the players see nothing of it (never without fog).
func (e *Encounter) InFog(t *Token) bool { return e.BlockInFog(t.X, t.Y, e.Space(t)) }

// BlockInFog reports whether every square of the k x k block at (x, y) that
// lies on the map is in fog (never without fog).
func (e *Encounter) BlockInFog(x, y, k int) bool {
	g := &e.Grid
	if e.Revealed == nil || len(e.Revealed) != len(g.Cells) {
		return false
	}
	for j := max(y, 0); j < min(y+k, g.H); j++ {
		for i := max(x, 0); i < min(x+k, g.W); i++ {
			if e.Revealed[j*g.W+i] {
				return false
			}
		}
	}
	return true
}

// SeenByPlayers reports whether the players see token t: it is not hidden
// and not wholly in fog.
func (e *Encounter) SeenByPlayers(t *Token) bool { return !t.Hidden && !e.InFog(t) }

// TokenIndex finds a token by name or id, -1 if absent.
func (e *Encounter) TokenIndex(nameOrID string) int {
	for i := range e.Tokens {
		if e.Tokens[i].Name == nameOrID {
			return i
		}
	}
	for i := range e.Tokens {
		if e.Tokens[i].ID == nameOrID {
			return i
		}
	}
	return -1
}

// Clone returns a deep copy, safe to edit while the original is drawn or saved.
func (e *Encounter) Clone() *Encounter {
	c := e.CloneSharingMap()
	c.Grid = e.Grid.Clone()
	if e.GMOnly != nil {
		c.GMOnly = append([]bool(nil), e.GMOnly...)
	}
	if e.Revealed != nil {
		c.Revealed = append([]bool(nil), e.Revealed...)
	}
	if e.RevealedKept != nil {
		c.RevealedKept = append([]bool(nil), e.RevealedKept...)
	}
	return c
}

// CloneSharingMap returns a deep copy of all but the map's squares and
// masks (Grid.Cells, GMOnly, Revealed, RevealedKept), which it shares with
// e: they are what a large map weighs (a 1000 x 1000 map's squares 2 MB,
// each mask 1 MB), and a token move, an HP or a turn leaves them as they
// were. Neither copy may then change them in place while the other is
// read: a state nothing edits (an undo step, the overlay worker's copy)
// shares them, or one of the two stops using them.
func (e *Encounter) CloneSharingMap() *Encounter {
	c := *e
	if e.Tokens != nil {
		c.Tokens = make([]Token, len(e.Tokens))
		for i, t := range e.Tokens {
			c.Tokens[i] = t.Clone()
		}
	}
	if e.Notes != nil {
		c.Notes = append([]Note(nil), e.Notes...)
	}
	if e.Edges != nil {
		c.Edges = append([]Edge(nil), e.Edges...)
	}
	if e.Placement != nil {
		p := *e.Placement
		c.Placement = &p
	}
	if e.Party != nil {
		p := *e.Party
		c.Party = &p
	}
	if e.Fight != nil {
		c.Fight = e.Fight.Clone()
	}
	if e.Areas != nil {
		c.Areas = append([]Area(nil), e.Areas...)
	}
	return &c
}

// EdgeGrid indexes the encounter's edges for the rules (NewEdgeGrid).
func (e *Encounter) EdgeGrid() EdgeGrid { return NewEdgeGrid(e.Grid.W, e.Grid.H, e.Edges) }

// BackgroundPlacement places the background image on the map: its pixel
// (X, Y) lies at the map's top-left corner, and PxPerSquare of its pixels
// span one square.
type BackgroundPlacement struct {
	X, Y        float64
	PxPerSquare float64
}

// Party is the players' side, their level (1 to 20; 0 = not given) and
// their number (default 4), for the threat budget.
type Party struct {
	Side  string
	Level int
	Size  int
}

// DefaultPartySize is the party size when the file gives none.
const DefaultPartySize = 4

// Fight is a fight in progress (rules-conventions.md, "Turn state").
type Fight struct {
	Round int                  // from 1 to MaxRound
	Order []string             // token names, each once; the initiative order
	Turn  string               // the token whose turn it is, one of Order
	State map[string]TurnState // by token name, names in Order; absent = a fresh turn
}

// TurnState is what a token has already done this turn: sf2e and pf1e the
// actions spent on movement and the diagonals counted; starship the feet
// flown; points the points spent (Spent).
type TurnState struct {
	Actions   int
	Diagonals int // 0 to MaxTurnDiagonals
	Spent     int
}

// Clone returns a deep copy.
func (f *Fight) Clone() *Fight {
	c := *f
	c.Order = append([]string(nil), f.Order...)
	if f.State != nil {
		c.State = make(map[string]TurnState, len(f.State))
		for k, v := range f.State {
			c.State[k] = v
		}
	}
	return &c
}

// AreaKind is the shape of an area template (rules-conventions.md, "Areas").
type AreaKind uint8

// Area kinds.
const (
	Burst AreaKind = iota + 1
	Emanation
	Cone
	Line
)

var areaKindNames = [...]string{"", "burst", "emanation", "cone", "line"}

func (k AreaKind) String() string {
	if k > 0 && int(k) < len(areaKindNames) {
		return areaKindNames[k]
	}
	return fmt.Sprintf("area(%d)", int(k))
}

// ParseAreaKind reads burst, emanation, cone or line.
func ParseAreaKind(s string) (AreaKind, error) {
	for i, n := range areaKindNames {
		if i > 0 && n == s {
			return AreaKind(i), nil
		}
	}
	return 0, fmt.Errorf("unknown area kind %q (want burst, emanation, cone or line)", s)
}

// Area is a placed area template. Which fields it uses depends on Kind:
// a burst its centre (X, Y), a grid intersection, and Radius; an emanation
// Token and Radius; a cone Token, Dir, Length and OriginOffset (half
// squares, orthogonal cones of Large or bigger tokens); a line Token,
// Toward (a square) and Length. Radius and Length are feet.
type Area struct {
	Kind         AreaKind
	X, Y         int
	Token        string
	Radius       int
	Dir          Facing
	Toward       [2]int
	Length       int
	OriginOffset int
	Label        string
	Player       bool // shown on the player display
}

// Feet returns the encounter's feet per square, or the ruleset's default.
func (e *Encounter) Feet() int {
	if e.FeetPerSquare > 0 {
		return e.FeetPerSquare
	}
	return e.Ruleset.DefaultFeetPerSquare()
}

// withArticle is "a burst", "an emanation" ... for messages.
func (k AreaKind) withArticle() string {
	if k == Emanation {
		return "an " + k.String()
	}
	return "a " + k.String()
}

// NextTurn passes the turn to the next token in the order, whose turn
// state starts fresh; after the last token the round advances and the
// first token's turn begins (rules-conventions.md, "Turn state"). A turn
// not in the order goes to the first token, in the same round.
func (f *Fight) NextTurn() {
	i := slices.Index(f.Order, f.Turn) + 1
	if i >= len(f.Order) {
		i = 0
		f.Round = min(f.Round+1, MaxRound)
	}
	f.Turn = f.Order[i]
	delete(f.State, f.Turn)
}
