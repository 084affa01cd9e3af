package model

import _ "embed"

//go:embed sample.encounter.json
var sampleFile []byte

// Sample returns the built-in sample encounter that seeds a new database:
// every terrain kind, a Large creature, allies, enemies and a neutral drone,
// and a party of level 1 with levels for the enemies (its threat: XP 80,
// moderate).
func Sample() *Encounter {
	e, err := DecodeEncounter(sampleFile)
	if err != nil {
		panic("model: the built-in sample encounter is invalid: " + err.Error())
	}
	return e
}
