package rules

import (
	"fmt"
	"slices"

	"encounterplanner/model"
)

// Ruleset describes one ruleset apart from how its engine searches: its
// units, modes, actions, sizes, who may share a space, whether cover and
// flanking exist, how its speeds convert to the others', and its own words.
// The UI asks a Ruleset instead of comparing ruleset names, so a new ruleset
// or a changed rule is one edit here (docs/rules-conventions.md).
type Ruleset struct {
	Name  model.Ruleset
	Title string // the picker's label: "sf2e — Starfinder 2e / Pathfinder 2e"

	// Points is set when Speeds and costs count movement points (one a
	// square, points-movement.txt) rather than feet.
	Points bool
	// Unit is what costs are written in: "ft" or "pt".
	Unit string
	// ScaleWords says what a square is, for the status bar: "5 ft/sq",
	// "movement points".
	scaleWords func(feet int) string

	Modes       []string // the movement modes, default first
	DefaultMode string
	// MoverModes are the extra movement of Mover (points: leap, teleport,
	// forced), offered after Modes; they have no path.
	MoverModes []string
	// OneSpeed is set when every mode spends the land Speed (points), so no
	// mode is missing for a token that has a land Speed.
	OneSpeed   bool
	MaxActions int
	// PathActions says how a path's actions are worded.
	PathActions PathActions

	SpeedKeys []string // the Speeds a token uses, in the inspector's order
	// Needs are the Speeds a token must have to move at all, with why.
	Needs []Need
	// NewSpeed is a new token's first Speed (SpeedKeys[0]); NewTurn its
	// turn Speed when the ruleset has one.
	NewSpeed, NewTurn int

	Sizes []model.Size // the sizes a token may have, smallest first

	MeleeReach  bool // tokens have a melee reach, set by size and "long" (sf2e, pf1e)
	ReachWeapon bool // a reach weapon doubles it (pf1e)
	Facing      bool // tokens face one of 8 directions (starship)
	// GreaterAsDifficult: greater difficult terrain counts as difficult
	// (starship: it doubles a step once, as difficult terrain does)
	GreaterAsDifficult bool
	// FlyIgnoresDifficult: a flyer pays nothing for difficult terrain and
	// counts greater difficult as difficult (sf2e, pf1e "as sf2e"); a
	// starship's fly is its only mode and pays for both
	FlyIgnoresDifficult bool
	// BurrowIgnoresTerrain: a burrower pays nothing for difficult or
	// greater difficult terrain ("burrow ignores terrain surcharges",
	// sf2e; pf1e "as sf2e")
	BurrowIgnoresTerrain bool
	// ConditionIgnoresDifficult: a token with the ignores-difficult-terrain
	// condition pays nothing for difficult terrain and greater difficult
	// as difficult, not further with fly (sf2e "Ignore Difficult
	// Terrain", pf1e one doubling fewer); PaidTerrain applies all four
	ConditionIgnoresDifficult bool

	// Cover, Flanking and Reactions say whether the text defines them; when
	// it does not, NoCombatNote is the sentence that says so to the GM.
	Cover, Flanking, Reactions bool
	NoCombatNote               string

	Words Words

	// Areas and Threat say whether the ruleset has area templates and the
	// encounter budget (sf2e); Elevation whether tokens have a height
	// (sf2e, pf1e); DiceFalls whether a fall's damage is dice (pf1e).
	Areas, Threat, Elevation, DiceFalls bool
	// NoHeightNote says to the GM, where Elevation is false, that the
	// ruleset measures no height (PageUp on a ship said nothing).
	NoHeightNote string
	// Conditions are the ruleset's own conditions the app offers besides
	// model.KnownConditions; Valued those that carry a value ("frightened 2").
	Conditions, Valued []string
	// DyingNote is said of a creature at 0 HP where dying is the GM's call.
	DyingNote string

	// landFeet is the feet a square of land Speed counts when it is not
	// the map's scale (starship squares are 50 ft, but a land Speed there
	// is still a creature's, at 5 ft a square); 0 = the map's scale.
	landFeet int
	// share reports whether tokens of sizes a and b may end their moves on
	// overlapping spaces.
	share func(a, b model.Size) bool
}

// The extra movement of the points ruleset (Mover), offered as modes.
const (
	ModeLeap     = "leap"
	ModeTeleport = "teleport"
	ModeForced   = "forced"
)

// PathActions is how the status bar words the actions a path takes.
type PathActions uint8

// The ways of wording a path's actions.
const (
	CountActions PathActions = iota // "2 actions"
	MoveActions                     // pf1e: "move action", "double move", "full-round minimum move"
	ShipTurns                       // starship: one move; "turns NE · ends facing E"
)

// Need is a Speed a token must have, and why (in the GM's words).
type Need struct{ Speed, Why string }

// Words are what the ruleset's text calls things: pf1e says "flanked" and
// "soft cover" where sf2e says "off-guard" and "lesser".
type Words struct {
	Flanked     string // what a flanked foe is: "off-guard", "flanked"
	FlankedList string // the heading of the list of flanked foes
	cover       [CoverBlocked + 1]string
}

// Cover names a degree of cover in the ruleset's words.
func (w Words) Cover(c Cover) string {
	if int(c) < len(w.cover) && w.cover[c] != "" {
		return w.cover[c]
	}
	return c.String()
}

// MayShare reports whether tokens of sizes a and b may end their moves on
// overlapping spaces (rules-conventions.md: sf2e and pf1e "a tiny creature
// is one of the two", tiny and smaller sharing squares; starship "sizes
// differ by two or more"; points has no exception). Who may pass whom is
// the engine's; this is only where a move may end, so that dropping a token
// and the inspector's warnings give one answer.
func (r *Ruleset) MayShare(a, b model.Size) bool { return r.share != nil && r.share(a, b) }

// Space is the side, in squares, of a token of size s.
func (r *Ruleset) Space(s model.Size) int { return r.Name.Space(s) }

// AllowsSize reports whether s is one of the ruleset's sizes.
func (r *Ruleset) AllowsSize(s model.Size) bool { return r.Name.AllowsSize(s) }

// Scale says what a square is, for the status bar: "5 ft/sq" for feet,
// "movement points" for points.
func (r *Ruleset) Scale(feet int) string { return r.scaleWords(feet) }

// HasMode reports whether m is one of Modes or MoverModes.
func (r *Ruleset) HasMode(m string) bool {
	for _, x := range r.Modes {
		if x == m {
			return true
		}
	}
	for _, x := range r.MoverModes {
		if x == m {
			return true
		}
	}
	return false
}

// landSquareFeet is the feet one square of land Speed is worth at a map
// scale of feet a square.
func (r *Ruleset) landSquareFeet(feet int) int {
	if r.landFeet > 0 {
		return r.landFeet
	}
	return max(feet, 1)
}

// ConvertLand converts a land Speed v of ruleset from, on a map of fromFeet
// a square, to ruleset to on a map of toFeet a square. Feet and movement
// points convert at one point a square (points-movement.txt: a 25-ft walker
// has Speed 5); between two feet rulesets the Speed stays as it is. A land
// Speed kept by a starship encounter is a creature's, counted at 5 ft a
// square, so sf2e -> starship -> points turns 25 ft into 5 points.
func ConvertLand(v int, from model.Ruleset, fromFeet int, to model.Ruleset, toFeet int) int {
	f, t := Describe(from), Describe(to)
	if f.Points == t.Points {
		return v
	}
	if f.Points { // squares to feet
		return v * t.landSquareFeet(toFeet)
	}
	return v / f.landSquareFeet(fromFeet)
}

// Convert changes what it must so e fits ruleset to: the scale (when it was
// the old ruleset's default), land Speeds (ConvertLand), sizes to the
// nearest allowed one, spaces back onto the map, facings and reach weapons
// where the new ruleset has none, a fight's turn states to what the new
// ruleset counts (convertTurns). Other Speeds stay as they are.
func Convert(e *model.Encounter, to model.Ruleset) {
	from := e.Ruleset
	fromFeet := e.Feet()
	if e.FeetPerSquare == 0 || e.FeetPerSquare == from.DefaultFeetPerSquare() {
		e.FeetPerSquare = to.DefaultFeetPerSquare()
	}
	toFeet := e.Feet()
	for i := range e.Tokens {
		t := &e.Tokens[i]
		v, ok := t.Speeds[model.SpeedLand]
		if !ok {
			continue
		}
		nv := ConvertLand(v, from, fromFeet, to, toFeet)
		if nv == v {
			continue
		}
		sp := make(map[string]int, len(t.Speeds)) // the map may be shared with an undo step
		for k, x := range t.Speeds {
			sp[k] = x
		}
		sp[model.SpeedLand] = nv
		t.Speeds = sp
	}
	e.Ruleset = to
	d := Describe(to)
	convertTurns(e.Fight, from, to)
	for i := range e.Tokens {
		t := &e.Tokens[i]
		if !d.AllowsSize(t.Size) {
			if t.Size < d.Sizes[0] {
				t.Size = d.Sizes[0]
			} else {
				t.Size = d.Sizes[len(d.Sizes)-1]
			}
		}
		k := d.Space(t.Size)
		t.X = max(0, min(t.X, e.Grid.W-k))
		t.Y = max(0, min(t.Y, e.Grid.H-k))
		if !d.Facing {
			t.Facing = model.N
		}
		if !d.ReachWeapon {
			t.ReachWeapon = false
		}
	}
}

// convertTurns keeps, of a fight's turn states, what ruleset to counts in
// the unit from counted it in (TurnCounts): actions between sf2e and pf1e
// (at most to's MaxActions), diagonals between the rulesets that count
// them, feet flown only within starship and points only within points,
// so every query of the turn in progress still answers (CheckTurn).
func convertTurns(f *model.Fight, from, to model.Ruleset) {
	if f == nil || len(f.State) == 0 {
		return
	}
	fa, fd, fs := Describe(from).TurnCounts()
	ta, td, ts := Describe(to).TurnCounts()
	keepSpent := fs && ts && Describe(from).Points == Describe(to).Points
	st := make(map[string]model.TurnState, len(f.State)) // the map may be shared with an undo step
	for n, v := range f.State {
		var c model.TurnState
		if fa && ta {
			c.Actions = min(v.Actions, MaxActions(to))
		}
		if fd && td {
			c.Diagonals = v.Diagonals
		}
		if keepSpent {
			c.Spent = v.Spent
		}
		if c != (model.TurnState{}) {
			st[n] = c
		}
	}
	f.State = st
}

// Describe returns the descriptor of ruleset r. An unknown name gets one
// that knows no modes beyond land, no cover and no sharing.
func Describe(r model.Ruleset) *Ruleset {
	if d, ok := rulesets[r]; ok {
		return d
	}
	d := *rulesets[model.SF2E]
	d.Name, d.Title = r, string(r)
	d.Modes, d.DefaultMode, d.MaxActions = []string{ModeLand}, ModeLand, 1
	d.Cover, d.Flanking, d.Reactions, d.share = false, false, false, nil
	d.Areas, d.Threat, d.Elevation, d.DiceFalls = false, false, false, false
	d.Conditions, d.Valued, d.DyingNote = nil, nil, ""
	d.NoCombatNote = fmt.Sprintf("The %s ruleset is unknown: the Cover and Flanking switches are off.", r)
	d.NoHeightNote = fmt.Sprintf("The %s ruleset measures no height", r)
	return &d
}

func feetScale(feet int) string { return fmt.Sprintf("%d ft/sq", feet) }

// The sizes that share in sf2e and pf1e: "a tiny creature is one of the two"
// (Player Core p. 414; pf1e "Tiny, Diminutive, and Fine Creatures": more than
// one fits in a square).
func tinyShares(a, b model.Size) bool { return a <= model.Tiny || b <= model.Tiny }

// The cover names of sf2e (Player Core p. 416).
var sf2eCover = [...]string{"none", "lesser", "standard", "greater", "blocked"}

// sf2eValued are sf2e's conditions that carry a value ("frightened 2").
var sf2eValued = []string{"clumsy", "doomed", "drained", "dying", "enfeebled", "frightened", "sickened", "slowed", "stunned", "stupefied", "wounded"}

// sf2eOther are sf2e's other conditions the GM tracks (the rules act only
// on model.KnownConditions).
var sf2eOther = []string{"blinded", "concealed", "confused", "controlled", "dazzled", "deafened", "encumbered", "fatigued", "fleeing", "grabbed", "hidden", "immobilized", "off-guard", "paralyzed", "petrified", "quickened", "restrained", "undetected", "unnoticed"}

// pf1eConditions are pf1e's conditions (none carries a value).
var pf1eConditions = []string{"blinded", "confused", "cowering", "dazed", "dazzled", "deafened", "entangled", "exhausted", "fascinated", "fatigued", "flat-footed", "frightened", "grappled", "helpless", "nauseated", "panicked", "paralyzed", "pinned", "shaken", "sickened", "staggered", "stunned"}

var rulesets = map[model.Ruleset]*Ruleset{
	model.SF2E: {
		Name: model.SF2E, Title: "sf2e — Starfinder 2e / Pathfinder 2e",
		Unit: "ft", scaleWords: feetScale,
		Modes: Modes(model.SF2E), DefaultMode: DefaultMode(model.SF2E), MaxActions: MaxActions(model.SF2E),
		SpeedKeys:  []string{model.SpeedLand, model.SpeedFly, model.SpeedSwim, model.SpeedClimb, model.SpeedBurrow},
		NewSpeed:   30,
		Sizes:      model.SF2E.Sizes(),
		MeleeReach: true,
		Cover:      true, Flanking: true, Reactions: true,
		Words: Words{Flanked: "off-guard", FlankedList: "Flanked (off-guard):", cover: sf2eCover},
		share: tinyShares,
		Areas: true, Threat: true, Elevation: true,
		Conditions: append(slices.Clone(sf2eValued), sf2eOther...), Valued: sf2eValued,
		DyingNote: "dying is the GM's call",
		// "fly ignores difficult terrain (greater difficult counts as
		// difficult)", "burrow ignores terrain surcharges", and a token
		// with ignores-difficult-terrain pays as a flyer (rules-conventions.md, sf2e)
		FlyIgnoresDifficult: true, BurrowIgnoresTerrain: true, ConditionIgnoresDifficult: true,
	},
	model.PF1E: {
		Name: model.PF1E, Title: "pf1e — Pathfinder 1e / d20",
		Unit: "ft", scaleWords: feetScale,
		Modes: Modes(model.PF1E), DefaultMode: DefaultMode(model.PF1E), MaxActions: MaxActions(model.PF1E),
		PathActions: MoveActions,
		SpeedKeys:   []string{model.SpeedLand, model.SpeedFly, model.SpeedSwim, model.SpeedClimb, model.SpeedBurrow},
		NewSpeed:    30,
		Sizes:       model.PF1E.Sizes(),
		MeleeReach:  true, ReachWeapon: true,
		Cover: true, Flanking: true, Reactions: true,
		// pf1e's words: a creature in the way gives "soft cover", and a
		// flanked foe is "flanked" (pf1e has no off-guard condition)
		Words:     Words{Flanked: "flanked", FlankedList: "Flanked:", cover: [...]string{"none", "soft cover", "standard", "greater", "blocked"}},
		share:     tinyShares,
		Elevation: true, DiceFalls: true,
		Conditions: pf1eConditions,
		// "Movement modes: as sf2e"; ignores-difficult-terrain "removes
		// one doubling" (rules-conventions.md, pf1e)
		FlyIgnoresDifficult: true, BurrowIgnoresTerrain: true, ConditionIgnoresDifficult: true,
	},
	model.Starship: {
		Name: model.Starship, Title: "starship — ship combat",
		Unit: "ft", scaleWords: feetScale,
		Modes: Modes(model.Starship), DefaultMode: DefaultMode(model.Starship), MaxActions: MaxActions(model.Starship),
		PathActions: ShipTurns,
		SpeedKeys:   []string{model.SpeedFly, model.SpeedTurn},
		Needs: []Need{
			{model.SpeedFly, "ships move with fly"},
			{model.SpeedTurn, "ships need one to turn"},
		},
		NewSpeed: 300, NewTurn: 100,
		Sizes:        model.Starship.Sizes(),
		Facing:       true,
		NoCombatNote: "Starship combat has no cover, flanking or reactions: the Cover and Flanking switches are off and Enemy reach shows nothing.",
		NoHeightNote: "Starship combat measures no height: ships fly on the flat map",
		Words:        Words{Flanked: "off-guard", FlankedList: "Flanked (off-guard):", cover: sf2eCover},
		landFeet:     5,
		// "A ship may end on another ship's space only when their sizes
		// differ by two or more" (starship-movement.txt)
		share: func(a, b model.Size) bool { return a-b >= 2 || b-a >= 2 },
		// "greater difficult counts as difficult" (rules-conventions.md)
		GreaterAsDifficult: true,
	},
	model.Points: {
		Name: model.Points, Title: "points — movement points",
		Points: true, Unit: "pt", scaleWords: func(int) string { return "movement points" },
		Modes: Modes(model.Points), DefaultMode: DefaultMode(model.Points), MaxActions: MaxActions(model.Points),
		MoverModes:   []string{ModeLeap, ModeTeleport, ModeForced},
		OneSpeed:     true,
		SpeedKeys:    []string{model.SpeedLand, model.SpeedMobility},
		NewSpeed:     5,
		Sizes:        model.Points.Sizes(),
		NoCombatNote: "The movement-points rules define no cover, flanking or reactions: the Cover and Flanking switches are off and Enemy reach shows nothing.",
		NoHeightNote: "The movement-points rules measure no height: tokens move on the flat map",
		Words:        Words{Flanked: "off-guard", FlankedList: "Flanked (off-guard):", cover: sf2eCover},
		// "Tiny creatures get no exception here": nobody shares
	},
}
