package trust

import (
	"fmt"
	"io"
)

// maxStoreSize bounds the trust stores and pi's settings file read here.
const maxStoreSize = 4 << 20

// readSmall reads the regular file at path, at most maxStoreSize bytes, without blocking on a
// FIFO or a device.
func readSmall(path string) ([]byte, error) {
	f, err := openRegular(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxStoreSize+1))
	if err != nil {
		return nil, err
	}
	if len(data) > maxStoreSize {
		return nil, fmt.Errorf("bigger than %d bytes", maxStoreSize)
	}
	return data, nil
}
