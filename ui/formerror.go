package ui

import (
	"errors"
	"strings"

	"encounterplanner/model"
)

// formError says err in a form's words: a model.FieldError about a field
// the form shows (labels maps the field as the format names it, "name",
// "party.size", "radius", to the form's label) reads "Name is required"
// rather than "tokens[7].name: is required". It also returns, first, the
// field's key in labels, "" when err is about none of them (err is then as
// it was).
// A key matches the whole field or its last part ("radius" is
// "areas[0].radius").
func formError(err error, labels map[string]string) (string, error) {
	var fe *model.FieldError
	if !errors.As(err, &fe) {
		return "", err
	}
	for key, label := range labels {
		if fe.Field != key && !strings.HasSuffix(fe.Field, "."+key) {
			continue
		}
		msg := strings.TrimSpace(fe.Msg)
		if first, _, _ := strings.Cut(msg, " "); first == "is" || first == "must" {
			return key, errors.New(label + " " + msg) // "Name is required"
		}
		return key, errors.New(label + ": " + msg)
	}
	return "", err
}
