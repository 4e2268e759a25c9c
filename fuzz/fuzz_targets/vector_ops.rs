//! Arbitrary op sequences on `Vector<u16>` against `Vec<u16>`, with old versions kept and
//! re-checked at the end: pushes and pops at both ends, set/update, insert/remove, append of
//! fresh, self-derived and previously kept vectors, split_off/split_at/slice, truncate,
//! retain, sort, and iteration from both ends.
#![no_main]

use core_collections::Vector;
use libfuzzer_sys::fuzz_target;

fn same(ours: &Vector<u16>, model: &[u16]) {
    ours.check_invariants();
    assert_eq!(ours.len(), model.len());
    assert!(ours.iter().eq(model.iter()));
    assert!(ours.iter().rev().eq(model.iter().rev()));
    if !model.is_empty() {
        let mid = model.len() / 2;
        assert_eq!(ours[mid], model[mid]);
    }
}

fuzz_target!(|data: &[u8]| {
    let mut ours: Vector<u16> = Vector::new();
    let mut model: Vec<u16> = Vec::new();
    let mut kept: Vec<(Vector<u16>, Vec<u16>)> = Vec::new();
    for op in data.chunks_exact(5) {
        let a = u16::from_le_bytes([op[1], op[2]]);
        let b = u16::from_le_bytes([op[3], op[4]]);
        let len = model.len();
        // Index in 0..=len (for insert/split) and in 0..len (for access).
        let at = a as usize % (len + 1);
        // The growing ops (8, 11, 13) can double the length; past 50k elements they truncate.
        let mut kind = op[0] % 16;
        if len > 50_000 && matches!(kind, 8 | 11 | 13) {
            kind = 16;
        }
        match kind {
            0 => {
                ours.push_back(b);
                model.push(b);
            }
            1 => {
                ours.push_front(b);
                model.insert(0, b);
            }
            2 => assert_eq!(ours.pop_back(), model.pop()),
            3 => {
                let want = if model.is_empty() { None } else { Some(model.remove(0)) };
                assert_eq!(ours.pop_front(), want);
            }
            4 if len > 0 => {
                let i = a as usize % len;
                assert_eq!(ours.set(i, b), std::mem::replace(&mut model[i], b));
            }
            5 if len > 0 => {
                let i = a as usize % len;
                let newer = ours.update(i, b);
                let mut m = model.clone();
                m[i] = b;
                same(&newer, &m);
                kept.push((newer, m));
            }
            6 => {
                ours.insert(at, b);
                model.insert(at, b);
            }
            7 if len > 0 => {
                let i = a as usize % len;
                assert_eq!(ours.remove(i), model.remove(i));
            }
            8 => {
                // A fresh vector of up to ~4k elements.
                let n = b as usize % 4096;
                let fresh: Vec<u16> = (0..n as u16).map(|x| x ^ a).collect();
                ours.append(Vector::from(fresh.clone()));
                model.extend(fresh);
            }
            9 => {
                let back = ours.split_off(at);
                let m = model.split_off(at);
                same(&back, &m);
                kept.push((back, m));
            }
            10 => {
                // Rotate: split and re-join the other way round.
                let (l, r) = std::mem::take(&mut ours).split_at(at);
                ours = r;
                ours.append(l);
                model.rotate_left(at);
            }
            11 => {
                let part = ours.skip(at).take((b as usize) % (len - at + 1));
                let m = model[at..at + part.len()].to_vec();
                same(&part, &m);
                ours.append(part);
                model.extend(m);
            }
            12 => {
                let end = at + (b as usize) % (len - at + 1);
                let cut = ours.slice(at..end);
                let m: Vec<u16> = model.drain(at..end).collect();
                same(&cut, &m);
            }
            13 => {
                if let Some((v, m)) = kept.get(b as usize % (kept.len() + 1)).cloned() {
                    ours.append(v);
                    model.extend(m);
                } else {
                    ours.truncate(at);
                    model.truncate(at);
                }
            }
            14 => {
                let k = (b % 7) + 2;
                ours.retain(|x| x % k != 0);
                model.retain(|x| x % k != 0);
            }
            15 => {
                if a % 2 == 0 {
                    ours.sort();
                    model.sort();
                    assert_eq!(ours.binary_search(&b).is_ok(), model.binary_search(&b).is_ok());
                } else {
                    kept.push((ours.clone(), model.clone()));
                }
            }
            16 => {
                ours.truncate(at);
                model.truncate(at);
            }
            _ => {}
        }
        same(&ours, &model);
    }
    for (v, m) in &kept {
        same(v, m);
    }
});
