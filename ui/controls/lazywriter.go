package controls

import (
	"os"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/storage/repository"
)

// fileRepository is what Fyne's own file repository does.
type fileRepository interface {
	repository.Repository
	repository.WritableRepository
	repository.AppendableRepository
	repository.HierarchicalRepository
	repository.ListableRepository
	repository.DeleteAllRepository
	repository.CopyableRepository
	repository.MovableRepository
}

// KeepFilesUntilWritten replaces the "file" repository of the running
// Fyne app (call it after the app is made) by one whose Writer opens and
// truncates the file only at the first write. Fyne's Save dialog opens the
// chosen file with Writer before it calls back; the app only takes its
// path and writes through export.WriteFile (a complete file or none), so
// an existing file the GM chose stays as it was until the new one is
// complete, and an export that fails leaves it whole.
func KeepFilesUntilWritten() {
	r, err := repository.ForURI(storage.NewFileURI("/"))
	if err != nil {
		return
	}
	if _, done := r.(lazyFiles); done {
		return
	}
	if fr, ok := r.(fileRepository); ok {
		repository.Register("file", lazyFiles{fr})
	}
}

type lazyFiles struct{ fileRepository }

func (l lazyFiles) Writer(u fyne.URI) (fyne.URIWriteCloser, error) {
	return &lazyWriter{uri: u}, nil
}

// lazyWriter creates (or truncates) its file at the first Write.
type lazyWriter struct {
	uri fyne.URI
	f   *os.File
}

func (w *lazyWriter) URI() fyne.URI { return w.uri }

func (w *lazyWriter) Write(p []byte) (int, error) {
	if w.f == nil {
		f, err := os.Create(w.uri.Path())
		if err != nil {
			return 0, err
		}
		w.f = f
	}
	return w.f.Write(p)
}

func (w *lazyWriter) Close() error {
	if w.f == nil {
		return nil
	}
	return w.f.Close()
}
