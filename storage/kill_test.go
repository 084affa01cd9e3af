package storage

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"encounterplanner/model"
)

// killEncounter is revision n of the encounter the kill test's child saves
// over and over: every part of it (name, terrain, token count, notes)
// depends on n, so a half-written save cannot pass for a whole one.
func killEncounter(n int) *model.Encounter {
	e := &model.Encounter{Name: fmt.Sprintf("kill %d", n), Ruleset: model.SF2E, Grid: model.NewGrid(120, 120)}
	for i := range e.Grid.Cells {
		e.Grid.Cells[i] = model.Terrain(uint32(i*31+n*7) % 256)
	}
	for i := 0; i < n%23+1; i++ {
		e.Tokens = append(e.Tokens, model.Token{
			ID: fmt.Sprintf("00000000-0000-4000-8000-%012d", i), Name: fmt.Sprintf("token %d of %d", i, n),
			X: i % 120, Y: n % 120, Size: model.Medium, Speeds: map[string]int{"land": n % 60},
			Notes: strconv.Itoa(n),
		})
	}
	for i := 0; i < n%5; i++ {
		e.Notes = append(e.Notes, model.Note{X: i, Y: i, Text: strconv.Itoa(n)})
	}
	return e
}

func killCounter(e *model.Encounter) (int, error) {
	return strconv.Atoi(strings.TrimPrefix(e.Name, "kill "))
}

// TestHelperProcess is the kill test's child: it saves the encounter in
// STORAGE_KILL_DB in a loop, printing each revision's number once its
// transaction has committed, until it is killed.
func TestHelperProcess(t *testing.T) {
	if os.Getenv("STORAGE_KILL_HELPER") != "1" {
		t.Skip("run by TestKill")
	}
	s, err := Open(os.Getenv("STORAGE_KILL_DB"))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(3)
	}
	id := os.Getenv("STORAGE_KILL_ID")
	e, err := s.Load(ctx, id)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(3)
	}
	n, err := killCounter(e)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(3)
	}
	for {
		n++
		next := killEncounter(n)
		next.ID, next.Version, next.Created = e.ID, e.Version, e.Created
		if err := s.Save(ctx, next); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(3)
		}
		e = next
		os.Stdout.WriteString(strconv.Itoa(n) + "\n")
	}
}

// TestKill kills a process that is saving, at random moments, 50 times.
// After each kill the database must pass integrity_check and hold exactly
// the last revision the child reported as committed, or the one after it
// (committed just before the kill, not yet reported); never a mixture.
func TestKill(t *testing.T) {
	t.Run("OK", func(t *testing.T) {
		if testing.Short() {
			t.Skip("kills 50 processes")
		}
		path := filepath.Join(t.TempDir(), "encounters.db")
		s := mustOpenAt(t, path, options{})
		e := killEncounter(0)
		mustSave(t, s, e)
		s.Close()

		rng := rand.New(rand.NewPCG(2026, 11))
		stored, ahead, progressed, duringSaves := 0, 0, 0, 0
		const kills = 50
		for i := 0; i < kills; i++ {
			var errOut bytes.Buffer
			out := &firstLine{seen: make(chan struct{})}
			cmd := exec.Command(os.Args[0], "-test.run=^TestHelperProcess$")
			cmd.Env = append(os.Environ(), "STORAGE_KILL_HELPER=1", "STORAGE_KILL_DB="+path, "STORAGE_KILL_ID="+e.ID)
			cmd.Stdout, cmd.Stderr = out, &errOut
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			// Kill at a random moment: one time in five while the child may
			// still be opening the database, else in the middle of its
			// saves (after its first one, however long a loaded machine
			// takes to start it).
			if rng.IntN(5) == 0 {
				time.Sleep(time.Duration(rng.IntN(100)) * time.Millisecond)
			} else {
				duringSaves++
				select {
				case <-out.seen:
				case <-time.After(30 * time.Second):
				}
				time.Sleep(time.Duration(rng.IntN(60)) * time.Millisecond)
			}
			if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
				t.Fatal(err)
			}
			err := cmd.Wait()
			if ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus); !ok || !ws.Signaled() {
				t.Fatalf("kill %d: the child ended before the kill (%v): %s", i, err, errOut.String())
			}
			reported := stored
			lines := strings.Split(out.String(), "\n")
			// The last element is what followed the last newline: empty, or
			// a number the kill cut short, which does not count.
			for _, l := range lines[:len(lines)-1] {
				n, err := strconv.Atoi(l)
				if err != nil || n != reported+1 {
					t.Fatalf("kill %d: child printed %q after %d", i, l, reported)
				}
				reported = n
			}

			s := mustOpenAt(t, path, options{})
			var check string
			if err := s.rdb.QueryRow(`PRAGMA integrity_check`).Scan(&check); err != nil || check != "ok" {
				t.Fatalf("kill %d: integrity_check = %q, %v", i, check, err)
			}
			got := mustLoad(t, s, e.ID)
			n, err := killCounter(got)
			if err != nil {
				t.Fatal(err)
			}
			if n != reported && n != reported+1 {
				t.Fatalf("kill %d: stored revision %d; the child last reported %d", i, n, reported)
			}
			want := killEncounter(n)
			want.ID, want.Created, want.Updated, want.Version = got.ID, got.Created, got.Updated, int64(n+1)
			assertEqual(t, got, want) // tokens, notes and terrain all of revision n
			if n == reported+1 {
				ahead++
			}
			if n > stored {
				progressed++
			}
			stored, e = n, got
			s.Close()
		}
		t.Logf("%d kills: %d revisions saved; %d kills interrupted a running loop; %d times a save committed just before the kill without its report",
			kills, stored, progressed, ahead)
		if progressed < duringSaves {
			t.Fatalf("only %d of %d children meant to be killed mid-save saved anything", progressed, duringSaves)
		}
	})
}

// TestHelperBackup is TestBackupKill's child: it backs up the database in
// STORAGE_BACKUP_DB to STORAGE_BACKUP_OUT, saying "start" just before.
func TestHelperBackup(t *testing.T) {
	if os.Getenv("STORAGE_BACKUP_HELPER") != "1" {
		t.Skip("run by TestBackupKill")
	}
	s, err := OpenReadOnly(os.Getenv("STORAGE_BACKUP_DB"))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(3)
	}
	os.Stdout.WriteString("start\n")
	if err := s.Backup(ctx, os.Getenv("STORAGE_BACKUP_OUT")); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(3)
	}
	os.Stdout.WriteString("done\n")
}

// TestBackupKill kills a process in the middle of a backup (5 times; 50
// with EP_LONG=1). OUT is then absent, or a whole backup if the child
// finished first; never half a file. A backup run again to the same OUT
// succeeds and clears the killed one's temporary file.
func TestBackupKill(t *testing.T) {
	t.Run("OK", func(t *testing.T) {
		if testing.Short() {
			t.Skip("kills processes")
		}
		kills := 5
		if longRun() {
			kills = 50
		}
		dir := t.TempDir()
		path := filepath.Join(dir, "encounters.db")
		s := mustOpenAt(t, path, options{})
		// About 8 MB, so that a backup takes long enough to be killed.
		for i := 0; i < 8; i++ {
			e := killEncounter(i)
			e.Grid = model.NewGrid(1000, 1000)
			for j := range e.Grid.Cells {
				e.Grid.Cells[j] = model.Terrain(uint32(j*2654435761+i) >> 24)
			}
			mustSave(t, s, e)
		}
		want, err := s.List(ctx)
		if err != nil {
			t.Fatal(err)
		}
		s.Close()
		outDir := t.TempDir()
		out := filepath.Join(outDir, "backup.db")
		rng := rand.New(rand.NewPCG(2026, 12))
		midway, finished := 0, 0
		for i := 0; i < kills; i++ {
			cmd := exec.Command(os.Args[0], "-test.run=^TestHelperBackup$")
			cmd.Env = append(os.Environ(), "STORAGE_BACKUP_HELPER=1", "STORAGE_BACKUP_DB="+path, "STORAGE_BACKUP_OUT="+out)
			stdout, err := cmd.StdoutPipe()
			if err != nil {
				t.Fatal(err)
			}
			var errOut bytes.Buffer
			cmd.Stderr = &errOut
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			r := bufio.NewReader(stdout)
			if line, err := r.ReadString('\n'); err != nil || line != "start\n" {
				cmd.Process.Kill()
				cmd.Wait()
				t.Fatalf("kill %d: child said %q, %v: %s", i, line, err, errOut.String())
			}
			time.Sleep(time.Duration(rng.IntN(3000)) * time.Microsecond)
			cmd.Process.Signal(syscall.SIGKILL)
			rest, _ := io.ReadAll(r)
			cmd.Wait()
			if strings.Contains(string(rest), "done") {
				finished++
			} else {
				midway++
			}
			if _, err := os.Stat(out); err == nil {
				checkBackup(t, out, want)
				os.Remove(out)
			} else if strings.Contains(string(rest), "done") {
				t.Fatalf("kill %d: the child finished but no backup exists", i)
			}
			// A new backup to the same name works, and tidies up.
			b := mustOpenAt(t, path, options{readOnly: true})
			if err := b.Backup(ctx, out); err != nil {
				t.Fatalf("kill %d: backing up again: %v", i, err)
			}
			b.Close()
			checkBackup(t, out, want)
			noBackupTemps(t, outDir)
			os.Remove(out)
		}
		t.Logf("%d kills: %d in the middle of the backup, %d after it finished", kills, midway, finished)
		if midway == 0 {
			t.Fatal("no kill landed during a backup")
		}
	})
}

// checkBackup opens a backup and checks it whole: integrity and the
// encounters of want.
func checkBackup(t *testing.T, path string, want []model.Summary) {
	t.Helper()
	b, err := OpenReadOnly(path)
	if err != nil {
		t.Fatalf("the backup does not open: %v", err)
	}
	defer b.Close()
	var check string
	if err := b.rdb.QueryRow(`PRAGMA integrity_check`).Scan(&check); err != nil || check != "ok" {
		t.Fatalf("backup integrity_check = %q, %v", check, err)
	}
	got, err := b.List(ctx)
	if err != nil || len(got) != len(want) {
		t.Fatalf("backup holds %d encounters (%v), want %d", len(got), err, len(want))
	}
}

// firstLine is the child's stdout: it keeps what the child wrote and closes
// seen once a whole line (the first save's report) has arrived.
type firstLine struct {
	mu   sync.Mutex
	buf  bytes.Buffer
	seen chan struct{}
	once sync.Once
}

func (f *firstLine) Write(p []byte) (int, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.buf.Write(p)
	if bytes.IndexByte(f.buf.Bytes(), '\n') >= 0 {
		f.once.Do(func() { close(f.seen) })
	}
	return len(p), nil
}

func (f *firstLine) String() string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.buf.String()
}
