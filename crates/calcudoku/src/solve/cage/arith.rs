//! Small arithmetic and bit helpers of the cage propagator and the tables it builds.

/// Appends the first `k` of `vals` (at least 64 long) to `tuples`. Up to eight values go as
/// one fixed-size copy cut back to `k`: a copy of a run-time length would be a `memcpy` call,
/// which costs more than these few bytes.
#[inline]
pub(super) fn push_tuple(tuples: &mut Vec<u8>, vals: &[u8], k: usize) {
    if k <= 8 {
        let at = tuples.len();
        tuples.extend_from_slice(&vals[..8]);
        tuples.truncate(at + k);
    } else {
        tuples.extend_from_slice(&vals[..k]);
    }
}

/// Appends `n` zero words to `out` as fixed-size copies cut back to `n` (sixteen at once up
/// to 16, else eight at a time): a fill of a run-time length would be a `memset` call, which
/// costs more than these few words (a cage's masks).
#[inline]
pub(super) fn zeros(out: &mut Vec<u64>, n: usize) {
    let at = out.len();
    if n <= 16 {
        out.extend_from_slice(&[0; 16]);
    } else {
        for _ in 0..n.div_ceil(8) {
            out.extend_from_slice(&[0; 8]);
        }
    }
    out.truncate(at + n);
}

/// The bit of value `v` when `clash`, else nothing.
pub(super) fn v_bit(v: u64, clash: bool) -> u64 {
    (clash as u64) << (v - 1)
}

/// For each odd `v` below 64, its inverse modulo 2^64 (Newton's iteration; each step doubles
/// the correct low bits, and `v` itself is right to 3 bits).
const ODD_INVERSE: [u64; 64] = {
    let mut inv = [0u64; 64];
    let mut v = 1;
    while v < 64 {
        let mut x = v as u64;
        let mut step = 0;
        while step < 5 {
            x = x.wrapping_mul(2u64.wrapping_sub((v as u64).wrapping_mul(x)));
            step += 1;
        }
        inv[v] = x;
        v += 2;
    }
    inv
};

/// For each odd `v` below 64, `u64::MAX / v`.
const ODD_LIMIT: [u64; 64] = {
    let mut limit = [0u64; 64];
    let mut v = 1;
    while v < 64 {
        limit[v] = u64::MAX / v as u64;
        v += 2;
    }
    limit
};

/// `r / v` when `v` (1..=64) divides `r`, else None, without a division: with `v = o * 2^s`
/// (`o` odd), `2^s` must divide `r`, and then `o` divides `r >> s` exactly when multiplying
/// by the inverse of `o` gives at most `u64::MAX / o` (which is then the quotient).
pub(super) fn exact_quotient(r: u64, v: u64) -> Option<u64> {
    let s = v.trailing_zeros();
    let odd = v >> s;
    if r.trailing_zeros() < s {
        return None;
    }
    // `% 64` changes nothing for v ≤ 64 and spares a bounds check.
    let q = (r >> s).wrapping_mul(ODD_INVERSE[odd as usize % 64]);
    (q <= ODD_LIMIT[odd as usize % 64]).then_some(q)
}

/// For each product `r` up to 256, the values `b` up to 16 (bit `b − 1`) that split it as
/// `b · c` with `c` up to 16 too.
pub(super) const SPLITS: [u16; 257] = {
    let mut splits = [0u16; 257];
    let mut b = 1;
    while b <= 16 {
        let mut c = 1;
        while c <= 16 {
            splits[b * c] |= 1 << (b - 1);
            c += 1;
        }
        b += 1;
    }
    splits
};

/// `QUOTIENTS[r][b − 1]` is `r / b − 1` where `b` splits `r` (see [`SPLITS`]).
pub(super) const QUOTIENTS: [[u8; 16]; 257] = {
    let mut quotients = [[0u8; 16]; 257];
    let mut b = 1;
    while b <= 16 {
        let mut c = 1;
        while c <= 16 {
            quotients[b * c][b - 1] = (c - 1) as u8;
            c += 1;
        }
        b += 1;
    }
    quotients
};

/// For each target below 4,096, the values 1 to 16 that divide it (bit `v - 1`).
const DIVISORS: [u16; 4096] = {
    let mut table = [0u16; 4096];
    let mut t = 0;
    while t < 4096 {
        let mut v = 1;
        while v <= 16 {
            if t % v == 0 {
                table[t] |= 1 << (v - 1);
            }
            v += 1;
        }
        t += 1;
    }
    table
};

/// A superset of the values (bit `v - 1`) that divide `t`, exact for values up to 16 when
/// `t` is below 4,096 (every product of up to three values of a 16×16 grid): a filter that
/// spares the division test of most values that fail it. Callers still test what it keeps.
#[inline]
pub(super) fn may_divide(t: u64) -> u64 {
    match DIVISORS.get(t as usize) {
        Some(&d) => d as u64 | !0xFFFF,
        None => u64::MAX,
    }
}

/// The positions of the set bits of a value mask: value `v` is bit `v - 1`.
pub(crate) use crate::puzzle::bits;

/// Bits of the values lo..=hi (lo ≥ 1), clipped to 1..=64.
pub(super) fn range_mask(lo: u64, hi: u64) -> u64 {
    let hi = hi.min(64);
    if lo > hi {
        return 0;
    }
    let upto = |v: u64| if v >= 64 { u64::MAX } else { (1u64 << v) - 1 };
    upto(hi) & !upto(lo - 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `may_divide` keeps every divisor (values 1 to 64, targets up to past its table) and,
    /// below 4,096, only divisors among 1 to 16.
    #[test]
    fn may_divide_keeps_exactly_the_divisors() {
        for t in (0..5000u64).chain([65536, 1 << 40, u64::MAX]) {
            let kept = may_divide(t);
            for v in 1..=64u64 {
                let divides = exact_quotient(t, v).is_some();
                assert_eq!(divides, t % v == 0, "{t} {v}");
                let bit = kept >> (v - 1) & 1 == 1;
                if divides {
                    assert!(bit, "{t} {v}");
                } else if t < 4096 && v <= 16 {
                    assert!(!bit, "{t} {v}");
                }
            }
        }
    }
}
