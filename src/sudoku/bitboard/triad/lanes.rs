//! Sixteen and eight lanes of 16 bits, for the triad engine: one machine register each where the
//! build targets AVX2, plain arrays elsewhere.
//!
//! Glossary: a **lane** is one 16-bit number of a vector (here a set of digits, bit `d - 1` for
//! digit `d`); a **half** is lanes 0–7 or 8–15 of a [`V16`]; a **shuffle** builds a vector lane
//! by lane from the lanes of another, each output lane naming its source lane in the same half
//! (or none, for a zero). That is what the processor's byte shuffle (`vpshufb`) does in one
//! instruction, and what the engine's tables are written for.
//!
//! The crate forbids `unsafe`, and calling an intrinsic of `std::arch` from safe code needs the
//! feature named on the calling function, which only `unsafe` code may call from code without
//! it. `safe_arch` offers the intrinsics as safe functions where the build itself enables their
//! feature (`-C target-cpu=native` on a processor with AVX2), so the fast path is compiled only
//! then, and the same methods on arrays serve every other build (and check the fast path: the
//! engine's results must not depend on which one is compiled).

/// Source lanes for a [`V16::shuffle`]: for each output lane, the lane of the same half it is
/// read from (0–7), or [`ZERO`] for a zero.
pub type Lanes16 = [u8; 16];
/// Source lanes for a [`V8::shuffle`].
pub type Lanes8 = [u8; 8];
/// A shuffle's source for a lane that is to be zero.
pub const ZERO: u8 = 0xff;

#[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
mod imp {
    use super::{Lanes8, Lanes16, ZERO};
    use safe_arch::*;

    /// The byte-shuffle control of lane sources: lane `i` of a half is bytes `2i` and `2i + 1`.
    fn bytes<const N: usize>(lanes: &[u8; N]) -> [u8; 32] {
        let mut out = [0x80u8; 32];
        for (i, &lane) in lanes.iter().enumerate() {
            if lane != ZERO {
                debug_assert!(lane < 8, "a shuffle reads its own half");
                out[2 * i] = 2 * lane;
                out[2 * i + 1] = 2 * lane + 1;
            }
        }
        out
    }

    /// A prepared shuffle of sixteen lanes.
    #[derive(Clone, Copy, Debug)]
    pub struct Shuffle16(m256i);
    impl Shuffle16 {
        pub fn new(lanes: Lanes16) -> Shuffle16 {
            Shuffle16(m256i::from(bytes(&lanes)))
        }
    }
    /// A prepared shuffle of eight lanes.
    #[derive(Clone, Copy, Debug)]
    pub struct Shuffle8(m128i);
    impl Shuffle8 {
        pub fn new(lanes: Lanes8) -> Shuffle8 {
            let b = bytes(&lanes);
            Shuffle8(m128i::from(<[u8; 16]>::try_from(&b[..16]).expect("sixteen bytes")))
        }
    }

    /// Sixteen lanes.
    #[derive(Clone, Copy, Debug)]
    pub struct V16(m256i);
    /// Eight lanes.
    #[derive(Clone, Copy, Debug)]
    pub struct V8(m128i);

    impl V16 {
        pub fn new(lanes: [u16; 16]) -> V16 {
            V16(m256i::from(lanes))
        }
        pub fn splat(x: u16) -> V16 {
            V16(set_splat_i16_m256i(x as i16))
        }
        pub fn lanes(self) -> [u16; 16] {
            self.0.into()
        }
        pub fn from_halves(lo: V8, hi: V8) -> V16 {
            V16(set_m128i_m256i(hi.0, lo.0))
        }
        pub fn lo(self) -> V8 {
            V8(extract_m128i_m256i::<0>(self.0))
        }
        pub fn hi(self) -> V8 {
            V8(extract_m128i_m256i::<1>(self.0))
        }
        pub fn and(self, o: V16) -> V16 {
            V16(bitand_m256i(self.0, o.0))
        }
        pub fn or(self, o: V16) -> V16 {
            V16(bitor_m256i(self.0, o.0))
        }
        pub fn xor(self, o: V16) -> V16 {
            V16(bitxor_m256i(self.0, o.0))
        }
        /// `self` without the bits of `o`.
        pub fn minus(self, o: V16) -> V16 {
            V16(bitandnot_m256i(o.0, self.0))
        }
        pub fn is_subset_of(self, o: V16) -> bool {
            testz_m256i(self.0, bitxor_m256i(o.0, set_splat_i16_m256i(-1))) != 0
        }
        pub fn intersects(self, o: V16) -> bool {
            testz_m256i(self.0, o.0) == 0
        }
        /// All ones in the lanes equal to `o`'s, zero elsewhere.
        pub fn equal(self, o: V16) -> V16 {
            V16(cmp_eq_mask_i16_m256i(self.0, o.0))
        }
        /// All ones in the lanes that are not zero.
        pub fn nonzero(self) -> V16 {
            V16(cmp_gt_mask_i16_m256i(self.0, zeroed_m256i()))
        }
        /// Whether a lane is below `o`'s (the lanes read as numbers below 2^15).
        pub fn any_below(self, o: V16) -> bool {
            move_mask_i8_m256i(cmp_gt_mask_i16_m256i(o.0, self.0)) != 0
        }
        /// Each lane's count of bits: one instruction where the processor counts bits of
        /// 16-bit lanes (AVX-512 BITALG), which the compiler finds in the plain count.
        #[cfg(target_feature = "avx512bitalg")]
        pub fn counts(self) -> V16 {
            V16::new(self.lanes().map(|x| x.count_ones() as u16))
        }
        /// Each lane's count of bits (of a lane below 2^9): two lookups of four bits.
        #[cfg(not(target_feature = "avx512bitalg"))]
        pub fn counts(self) -> V16 {
            let table = m256i::from([
                0u8, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4, 0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3,
                3, 4,
            ]);
            let low = shuffle_av_i8z_half_m256i(table, bitand_m256i(self.0, set_splat_i16_m256i(0xf)));
            let high = shuffle_av_i8z_half_m256i(table, shr_imm_u16_m256i::<4>(self.0));
            V16(add_i16_m256i(add_i16_m256i(low, high), shr_imm_u16_m256i::<8>(self.0)))
        }
        pub fn shuffle(self, s: &Shuffle16) -> V16 {
            V16(shuffle_av_i8z_half_m256i(self.0, s.0))
        }
        /// Each row of four lanes turned by one: lane `4r + c` takes lane `4r + (c + 1) % 4`.
        pub fn turn_rows(self) -> V16 {
            // A 64-bit row turned right by one lane.
            V16(bitor_m256i(shr_imm_u64_m256i::<16>(self.0), shl_imm_u64_m256i::<48>(self.0)))
        }
        /// Each row of four lanes turned by two.
        pub fn turn_rows2(self) -> V16 {
            V16(shuffle_ai_i32_half_m256i::<0b1011_0001>(self.0))
        }
        /// Each row of four lanes turned by three: lane `4r + c` takes lane `4r + (c + 3) % 4`.
        pub fn turn_rows3(self) -> V16 {
            V16(bitor_m256i(shl_imm_u64_m256i::<16>(self.0), shr_imm_u64_m256i::<48>(self.0)))
        }
        /// The rows turned by one: row `r` takes row `(r + 1) % 4`.
        pub fn turn_columns(self) -> V16 {
            V16(shuffle_ai_i64_all_m256i::<0b0011_1001>(self.0))
        }
        /// The rows turned by two.
        pub fn turn_columns2(self) -> V16 {
            V16(shuffle_ai_i64_all_m256i::<0b0100_1110>(self.0))
        }
        /// The rows turned by three: row `r` takes row `(r + 3) % 4`.
        pub fn turn_columns3(self) -> V16 {
            V16(shuffle_ai_i64_all_m256i::<0b1001_0011>(self.0))
        }
    }

    impl V8 {
        pub fn new(lanes: [u16; 8]) -> V8 {
            V8(m128i::from(lanes))
        }
        pub fn lanes(self) -> [u16; 8] {
            self.0.into()
        }
        pub fn and(self, o: V8) -> V8 {
            V8(bitand_m128i(self.0, o.0))
        }
        pub fn or(self, o: V8) -> V8 {
            V8(bitor_m128i(self.0, o.0))
        }
        pub fn minus(self, o: V8) -> V8 {
            V8(bitandnot_m128i(o.0, self.0))
        }
        pub fn intersects(self, o: V8) -> bool {
            testz_m128i(self.0, o.0) == 0
        }
        /// The bits of all lanes counted together.
        pub fn count(self) -> u32 {
            let [a, b]: [u64; 2] = self.0.into();
            a.count_ones() + b.count_ones()
        }
        pub fn shuffle(self, s: &Shuffle8) -> V8 {
            V8(shuffle_av_i8z_all_m128i(self.0, s.0))
        }
    }
}

#[cfg(not(all(target_arch = "x86_64", target_feature = "avx2")))]
mod imp {
    use super::{Lanes8, Lanes16, ZERO};

    /// A prepared shuffle of sixteen lanes.
    #[derive(Clone, Copy, Debug)]
    pub struct Shuffle16(Lanes16);
    impl Shuffle16 {
        pub fn new(lanes: Lanes16) -> Shuffle16 {
            debug_assert!(lanes.iter().all(|&l| l < 8 || l == ZERO), "a shuffle reads its own half");
            Shuffle16(lanes)
        }
    }
    /// A prepared shuffle of eight lanes.
    #[derive(Clone, Copy, Debug)]
    pub struct Shuffle8(Lanes8);
    impl Shuffle8 {
        pub fn new(lanes: Lanes8) -> Shuffle8 {
            Shuffle8(lanes)
        }
    }

    /// Sixteen lanes.
    #[derive(Clone, Copy, Debug)]
    pub struct V16([u16; 16]);
    /// Eight lanes.
    #[derive(Clone, Copy, Debug)]
    pub struct V8([u16; 8]);

    fn map<const N: usize>(a: [u16; N], b: [u16; N], f: impl Fn(u16, u16) -> u16) -> [u16; N] {
        std::array::from_fn(|i| f(a[i], b[i]))
    }

    impl V16 {
        pub fn new(lanes: [u16; 16]) -> V16 {
            V16(lanes)
        }
        pub fn splat(x: u16) -> V16 {
            V16([x; 16])
        }
        pub fn lanes(self) -> [u16; 16] {
            self.0
        }
        pub fn from_halves(lo: V8, hi: V8) -> V16 {
            V16(std::array::from_fn(|i| if i < 8 { lo.0[i] } else { hi.0[i - 8] }))
        }
        pub fn lo(self) -> V8 {
            V8(std::array::from_fn(|i| self.0[i]))
        }
        pub fn hi(self) -> V8 {
            V8(std::array::from_fn(|i| self.0[i + 8]))
        }
        pub fn and(self, o: V16) -> V16 {
            V16(map(self.0, o.0, |a, b| a & b))
        }
        pub fn or(self, o: V16) -> V16 {
            V16(map(self.0, o.0, |a, b| a | b))
        }
        pub fn xor(self, o: V16) -> V16 {
            V16(map(self.0, o.0, |a, b| a ^ b))
        }
        pub fn minus(self, o: V16) -> V16 {
            V16(map(self.0, o.0, |a, b| a & !b))
        }
        pub fn is_subset_of(self, o: V16) -> bool {
            self.minus(o).0 == [0; 16]
        }
        pub fn intersects(self, o: V16) -> bool {
            self.and(o).0 != [0; 16]
        }
        pub fn equal(self, o: V16) -> V16 {
            V16(map(self.0, o.0, |a, b| if a == b { 0xffff } else { 0 }))
        }
        pub fn nonzero(self) -> V16 {
            V16(self.0.map(|a| if a != 0 { 0xffff } else { 0 }))
        }
        pub fn any_below(self, o: V16) -> bool {
            self.0.iter().zip(o.0).any(|(&a, b)| (a as i16) < (b as i16))
        }
        pub fn counts(self) -> V16 {
            V16(self.0.map(|a| a.count_ones() as u16))
        }
        pub fn shuffle(self, s: &Shuffle16) -> V16 {
            V16(std::array::from_fn(|i| {
                let lane = s.0[i];
                if lane == ZERO { 0 } else { self.0[(i & 8) + usize::from(lane)] }
            }))
        }
        pub fn turn_rows(self) -> V16 {
            V16(std::array::from_fn(|i| self.0[(i & !3) + (i + 1) % 4]))
        }
        pub fn turn_rows2(self) -> V16 {
            V16(std::array::from_fn(|i| self.0[(i & !3) + (i + 2) % 4]))
        }
        pub fn turn_rows3(self) -> V16 {
            V16(std::array::from_fn(|i| self.0[(i & !3) + (i + 3) % 4]))
        }
        pub fn turn_columns(self) -> V16 {
            V16(std::array::from_fn(|i| self.0[(i + 4) % 16]))
        }
        pub fn turn_columns2(self) -> V16 {
            V16(std::array::from_fn(|i| self.0[(i + 8) % 16]))
        }
        pub fn turn_columns3(self) -> V16 {
            V16(std::array::from_fn(|i| self.0[(i + 12) % 16]))
        }
    }

    impl V8 {
        pub fn new(lanes: [u16; 8]) -> V8 {
            V8(lanes)
        }
        pub fn lanes(self) -> [u16; 8] {
            self.0
        }
        pub fn and(self, o: V8) -> V8 {
            V8(map(self.0, o.0, |a, b| a & b))
        }
        pub fn or(self, o: V8) -> V8 {
            V8(map(self.0, o.0, |a, b| a | b))
        }
        pub fn minus(self, o: V8) -> V8 {
            V8(map(self.0, o.0, |a, b| a & !b))
        }
        pub fn intersects(self, o: V8) -> bool {
            self.and(o).0 != [0; 8]
        }
        pub fn count(self) -> u32 {
            self.0.iter().map(|a| a.count_ones()).sum()
        }
        pub fn shuffle(self, s: &Shuffle8) -> V8 {
            V8(std::array::from_fn(|i| {
                let lane = s.0[i];
                if lane == ZERO { 0 } else { self.0[usize::from(lane)] }
            }))
        }
    }
}

pub use imp::{Shuffle8, Shuffle16, V8, V16};

/// The lanes, on arrays in a plain build and on the processor's vectors in a build for it.
#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> V16 {
        V16::new(std::array::from_fn(|i| (i as u16 * 37 + 5) & 0x1ff))
    }

    #[test]
    fn turns_move_rows_and_columns_of_four() {
        let v = V16::new(std::array::from_fn(|i| i as u16));
        assert_eq!(v.turn_rows().lanes()[..4], [1, 2, 3, 0]);
        assert_eq!(v.turn_rows().lanes()[12..], [13, 14, 15, 12]);
        assert_eq!(v.turn_rows2().lanes()[4..8], [6, 7, 4, 5]);
        assert_eq!(v.turn_columns().lanes()[..4], [4, 5, 6, 7]);
        assert_eq!(v.turn_columns().lanes()[12..], [0, 1, 2, 3]);
        assert_eq!(v.turn_columns2().lanes()[..4], [8, 9, 10, 11]);
        assert_eq!(v.turn_rows3().lanes()[..4], [3, 0, 1, 2]);
        assert_eq!(v.turn_rows3().lanes()[8..12], [11, 8, 9, 10]);
        assert_eq!(v.turn_columns3().lanes()[..4], [12, 13, 14, 15]);
        assert_eq!(v.turn_columns3().lanes()[4..8], [0, 1, 2, 3]);
        // Three turns of one are one of three.
        assert_eq!(v.turn_rows().turn_rows().turn_rows().lanes(), v.turn_rows3().lanes());
        assert_eq!(v.turn_columns().turn_columns().turn_columns().lanes(), v.turn_columns3().lanes());
    }

    #[test]
    fn shuffles_read_their_own_half() {
        let v = V16::new(std::array::from_fn(|i| i as u16 + 100));
        let mut lanes = [ZERO; 16];
        lanes[0] = 3;
        lanes[9] = 7;
        lanes[15] = 0;
        let out = v.shuffle(&Shuffle16::new(lanes)).lanes();
        assert_eq!((out[0], out[1], out[9], out[15]), (103, 0, 115, 108));
        let w = V8::new([1, 2, 3, 4, 5, 6, 7, 8]).shuffle(&Shuffle8::new([7, ZERO, 0, 0, 1, 2, 3, 4]));
        assert_eq!(w.lanes(), [8, 0, 1, 1, 2, 3, 4, 5]);
    }

    #[test]
    fn counts_tests_and_masks() {
        let v = sample();
        let counts = v.counts().lanes();
        for (c, x) in counts.iter().zip(v.lanes()) {
            assert_eq!(u32::from(*c), x.count_ones());
        }
        assert!(v.is_subset_of(V16::splat(0x1ff)));
        assert!(!V16::splat(0x1ff).is_subset_of(v));
        assert!(v.intersects(V16::splat(1)) || v.lanes().iter().all(|x| x & 1 == 0));
        assert!(!v.and(V16::splat(0)).intersects(v));
        assert!(V16::splat(3).any_below(V16::splat(4)));
        assert!(!V16::splat(4).any_below(V16::splat(4)));
        let eq = v.equal(v.xor(V16::new(std::array::from_fn(|i| (i % 2) as u16)))).lanes();
        assert_eq!(eq[0], 0xffff);
        assert_eq!(eq[1], 0);
        assert_eq!(
            V16::new([0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 9]).nonzero().lanes()[..2],
            [0, 0xffff]
        );
        let halves = V16::from_halves(v.lo(), v.hi()).lanes();
        assert_eq!(halves, v.lanes());
        assert_eq!(V8::new([1, 3, 7, 0, 0, 0, 0, 0x1ff]).count(), 15);
        assert_eq!(v.minus(v).lanes(), [0; 16]);
    }
}
