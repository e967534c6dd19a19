// Package pathres resolves a path as the kernel does when a program opens it: component by
// component, each symbolic link before the `..` that follows it, /proc's links for any process,
// and with the names of a case-folding volume compared without case.
//
// Every rule about a path is decided on what this package returns (through policy.PlaceFor), so
// that a spelling such as /var/run/../etc/motd is decided as /etc/motd, the file a write
// reaches, and never as the /var/etc/motd a lexical clean would make of it.
package pathres
