#!/usr/bin/env python3
"""Runs a command and samples every process's CPU (utime+stime) each 0.5 s; prints CPU-s per kind at the end."""
import os, subprocess, sys, time, collections
HZ = os.sysconf('SC_CLK_TCK')
def kind(pid):
    try:
        cmd = open(f'/proc/{pid}/cmdline','rb').read().replace(b'\0',b' ').decode(errors='replace')
    except Exception: return None
    if 'chrom' in cmd:
        for t in ('--type=renderer','--type=gpu-process','--type=utility','--type=zygote'):
            if t in cmd: return 'chromium ' + t[7:]
        return 'chromium browser'
    if 'postgres' in cmd: return 'postgres'
    if 'dist-server' in cmd or 'src/server/main' in cmd: return 'node server'
    if 'playwright' in cmd or 'test-server' in cmd or 'worker' in cmd and 'node' in cmd: return 'node playwright'
    if 'node' in cmd or 'tsx' in cmd: return 'node other'
    return cmd.split(' ')[0][-30:]
seen = {}
def sample():
    for p in os.listdir('/proc'):
        if not p.isdigit(): continue
        try:
            f = open(f'/proc/{p}/stat').read().rsplit(')',1)[1].split()
            cpu = (int(f[11]) + int(f[12])) / HZ
            st = int(f[19])
        except Exception: continue
        key = (p, st)
        if key not in seen: seen[key] = [kind(p), cpu, cpu]
        seen[key][2] = cpu
base = set()
sample()
base = {k: v[2] for k, v in seen.items()}
t0 = time.time()
proc = subprocess.Popen(sys.argv[1:])
while proc.poll() is None:
    sample(); time.sleep(0.5)
sample()
tot = collections.Counter()
for k, (kd, first, last) in seen.items():
    tot[kd] += last - base.get(k, 0)
print(f'wall {time.time()-t0:.1f}s exit {proc.returncode}')
for k, v in tot.most_common(15):
    if v > 0.5: print(f'{v:8.1f} {k}')
print(f'{sum(tot.values()):8.1f} total')
