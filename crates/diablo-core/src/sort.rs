//! One small sort for the whole crate.
//!
//! The crate sorts only lists whose equal elements are indistinguishable
//! (whole actions and turns, stacks by their square, removal turns by the
//! squares that make them), so the algorithm cannot change a result. The
//! standard library's sorts are fast but several kilobytes of wasm for
//! each element type and key; this heapsort is a few hundred bytes, and
//! the lists it sorts are short (one stack's options, the turns that start
//! with a removal).

/// Sorts `v` so that no element is `less` than one before it: in place,
/// O(n log n), unstable.
pub(crate) fn heap_sort<T>(v: &mut [T], less: impl Fn(&T, &T) -> bool) {
    let sift = |v: &mut [T], mut node: usize, end: usize| {
        loop {
            let mut child = 2 * node + 1;
            if child >= end {
                break;
            }
            if child + 1 < end && less(&v[child], &v[child + 1]) {
                child += 1;
            }
            if !less(&v[node], &v[child]) {
                break;
            }
            v.swap(node, child);
            node = child;
        }
    };
    let n = v.len();
    for i in (0..n / 2).rev() {
        sift(v, i, n);
    }
    for end in (1..n).rev() {
        v.swap(0, end);
        sift(v, 0, end);
    }
}

#[cfg(test)]
mod tests {
    use super::heap_sort;

    #[test]
    fn sorts_like_the_standard_library() {
        let mut seed = 12_345_u32;
        for len in 0..200 {
            let mut v: Vec<u32> = (0..len)
                .map(|_| {
                    seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
                    (seed >> 16) % 50
                })
                .collect();
            let mut expected = v.clone();
            expected.sort_unstable();
            heap_sort(&mut v, |a, b| a < b);
            assert_eq!(v, expected);
        }
    }
}
