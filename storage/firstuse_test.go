package storage

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"encounterplanner/model"
)

// longRun reports whether the long versions of the loop tests were asked
// for (EP_LONG=1, as make fuzz does); go test runs them briefly.
func longRun() bool { return os.Getenv("EP_LONG") == "1" }

// TestHelperFirstUse is TestFirstUse's child: it opens the database in
// STORAGE_FIRST_DB (the app's way, OpenDefault) and imports one encounter.
func TestHelperFirstUse(t *testing.T) {
	if os.Getenv("STORAGE_FIRST_HELPER") != "1" {
		t.Skip("run by TestFirstUse")
	}
	s, err := OpenDefault(os.Getenv("STORAGE_FIRST_DB"))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(3)
	}
	e := model.Sample()
	e.Name = "child " + os.Getenv("STORAGE_FIRST_N")
	if _, _, err := s.Import(ctx, e); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(3)
	}
	if err := s.Close(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(3)
	}
}

// TestFirstUse: twenty processes open a database that does not exist yet
// and import into it, all at once. Every one succeeds, the schema is
// applied once, the sample is seeded once, no backup (.bak) is made of
// the empty database, and nothing else appears in the folder. Three rounds
// here; fifty with EP_LONG=1.
func TestFirstUse(t *testing.T) {
	t.Run("OKTwentyProcesses", func(t *testing.T) {
		const procs = 20
		rounds := 3
		if longRun() {
			rounds = 50
		}
		for r := 0; r < rounds; r++ {
			dir := t.TempDir()
			path := filepath.Join(dir, "encounters.db")
			var wg sync.WaitGroup
			errs := make([]string, procs)
			for i := 0; i < procs; i++ {
				wg.Add(1)
				go func() {
					defer wg.Done()
					cmd := exec.Command(os.Args[0], "-test.run=^TestHelperFirstUse$")
					cmd.Env = append(os.Environ(), "STORAGE_FIRST_HELPER=1", "STORAGE_FIRST_DB="+path, fmt.Sprintf("STORAGE_FIRST_N=%d", i))
					var stderr bytes.Buffer
					cmd.Stderr = &stderr
					if err := cmd.Run(); err != nil {
						errs[i] = fmt.Sprintf("%v: %s", err, stderr.String())
					}
				}()
			}
			wg.Wait()
			for i, e := range errs {
				if e != "" {
					t.Errorf("round %d, process %d: %s", r, i, e)
				}
			}
			entries, _ := os.ReadDir(dir)
			for _, e := range entries {
				if n := e.Name(); n != "encounters.db" && n != "encounters.db-wal" && n != "encounters.db-shm" {
					t.Errorf("round %d: %s appeared next to the database", r, n)
				}
			}
			if t.Failed() {
				t.FailNow()
			}
			s := mustOpenAt(t, path, options{})
			if rows := migrationRows(t, s); len(rows) != SchemaVersion {
				t.Fatalf("round %d: migrations %+v", r, rows)
			}
			l, err := s.List(ctx)
			if err != nil || len(l) != procs+1 {
				t.Fatalf("round %d: %d encounters (%v), want %d imported and the sample", r, len(l), err, procs)
			}
			samples := 0
			for _, x := range l {
				if !strings.HasPrefix(x.Name, "child ") {
					samples++
				}
			}
			if samples != 1 {
				t.Fatalf("round %d: seeded %d times", r, samples)
			}
			s.Close()
		}
	})
}
