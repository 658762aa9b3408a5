// The national ranking's arithmetic done the way a Java program does it (issue 44): double
// constants turned into BigDecimal, Math.exp, exact BigDecimal products. Our own oracle for
// tests/integration/test_national_ranking_java.py, written from the rule in docs/stagione.md.
import java.math.BigDecimal;
import java.math.RoundingMode;

public class NationalArithmetic {
    public static void main(String[] args) {
        for (int p = 1; p <= 1000; p++) {
            System.out.println("exp " + p + " " + Double.toHexString(Math.exp(-p / 20.0)));
        }
        String[] names = {"5", "4", "2", "1.5", "0.2", "0.5", "0.7", "0.8", "1"};
        double[] classes = {5, 4, 2, 1.5, 0.2, 0.5, 0.7, 0.8, 1};
        int[] tables = {6, 9, 40, 43, 49, 120};
        for (int c = 0; c < classes.length; c++) {
            BigDecimal klass = new BigDecimal(classes[c]);
            for (int t : tables) {
                for (int p = 1; p <= 120; p++) {
                    BigDecimal a = p == 1 ? new BigDecimal(1.2) : BigDecimal.ONE;
                    BigDecimal v = a.multiply(new BigDecimal(100).add(
                        BigDecimal.ONE.multiply(new BigDecimal(t)))).multiply(klass);
                    if (p != 1) {
                        v = v.multiply(new BigDecimal(Math.exp(-p / 20.0)));
                    }
                    System.out.println("pts " + names[c] + " " + t + " " + p + " "
                        + v.toPlainString() + " " + v.setScale(1, RoundingMode.HALF_DOWN));
                }
            }
        }
    }
}
