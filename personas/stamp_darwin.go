//go:build darwin

package personas

import "syscall"

func changeTime(s *syscall.Stat_t) int64 { return s.Ctimespec.Nano() }
