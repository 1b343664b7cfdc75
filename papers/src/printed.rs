//! Numbers as the papers print them, with their printed precision.

use std::fmt;

/// A number as printed in a paper, parsed, with its printed precision.
///
/// Accepts an optional sign (`-`, `+` or the Unicode minus `−`), thousands separators (`,`, thin
/// spaces, `_`), a decimal point, an exponent (`e`/`E`, or the typeset `×10^k`) and a trailing `%`
/// (the value stays in percent). The half unit is half of the place value of the last printed
/// digit of the mantissa, scaled by the exponent.
///
/// # Examples
///
/// ```
/// use loadbal_papers::PrintedNumber;
/// let p = PrintedNumber::parse("0.3025").unwrap();
/// assert_eq!(p.value, 0.3025);
/// assert!((p.half_unit - 0.000_05).abs() < 1e-18);
/// assert_eq!(PrintedNumber::parse("20,973").unwrap().half_unit, 0.5);
/// assert_eq!(PrintedNumber::parse("−1.5e3").unwrap().value, -1500.0);
/// assert_eq!(PrintedNumber::parse("−1.5e3").unwrap().half_unit, 50.0);
/// assert_eq!(PrintedNumber::parse("2.1×10^6").unwrap().value, 2.1e6);
/// assert_eq!(PrintedNumber::parse("2.1×10^6").unwrap().half_unit, 50_000.0);
/// assert_eq!(PrintedNumber::parse("57.2%").unwrap().value, 57.2);
/// assert!(PrintedNumber::parse("about 4").is_err());
/// assert!(PrintedNumber::parse("2(1 − α²)").is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PrintedNumber {
    /// The number's value.
    pub value: f64,
    /// Half a unit of the last printed digit.
    pub half_unit: f64,
}

/// A printed string that is not a plain number.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum PrintedError {
    /// The string (quoted) is not a number as [`PrintedNumber::parse`] reads them.
    NotANumber {
        /// The string as given.
        printed: String,
    },
}

impl fmt::Display for PrintedError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PrintedError::NotANumber { printed } => write!(f, "printed value {printed:?} is not a number"),
        }
    }
}

impl std::error::Error for PrintedError {}

impl PrintedNumber {
    /// Parses a number as printed; see the type's documentation for the accepted forms.
    ///
    /// # Errors
    /// [`PrintedError::NotANumber`] when the string is not a plain number.
    pub fn parse(printed: &str) -> Result<PrintedNumber, PrintedError> {
        let bad = || PrintedError::NotANumber { printed: printed.to_string() };
        let s = printed.trim();
        let s = s.strip_suffix('%').unwrap_or(s).trim_end();
        // The typeset exponent "×10^k" (or "x10^k") is the same number as "ek".
        let s = s.replacen("×10^", "e", 1).replacen("x10^", "e", 1);
        let cleaned: String = s
            .chars()
            .filter(|c| !matches!(c, ',' | '_' | '\u{2009}' | '\u{202f}' | '\u{a0}'))
            .map(|c| if c == '−' { '-' } else { c })
            .collect();
        let (mantissa, exponent) = match cleaned.find(['e', 'E']) {
            Some(i) => {
                let exp: i32 = cleaned.get(i + 1..).unwrap_or("").parse().map_err(|_| bad())?;
                (cleaned.get(..i).unwrap_or(""), exp)
            }
            None => (cleaned.as_str(), 0),
        };
        let digits = mantissa.strip_prefix(['-', '+']).unwrap_or(mantissa);
        let (int, frac) = match digits.split_once('.') {
            Some((i, f)) => (i, f),
            None => (digits, ""),
        };
        let all_digits = |t: &str| t.chars().all(|c| c.is_ascii_digit());
        if int.len() + frac.len() == 0 || !all_digits(int) || !all_digits(frac) {
            return Err(bad());
        }
        let value: f64 = format!("{mantissa}e{exponent}").parse().map_err(|_| bad())?;
        let places = exponent - i32::try_from(frac.len()).map_err(|_| bad())?;
        let half_unit = 0.5 * 10f64.powi(places);
        if !value.is_finite() || !half_unit.is_finite() || half_unit == 0.0 {
            return Err(bad());
        }
        Ok(PrintedNumber { value, half_unit })
    }

    /// The value rounded to the printed precision (to a multiple of twice the half unit), as the
    /// paper would have printed `x`.
    ///
    /// ```
    /// use loadbal_papers::PrintedNumber;
    /// let p = PrintedNumber::parse("0.25").unwrap();
    /// assert!((p.round(0.2468) - 0.25).abs() < 1e-15);
    /// ```
    pub fn round(&self, x: f64) -> f64 {
        let unit = 2.0 * self.half_unit;
        (x / unit).round() * unit
    }
}
