import java.security.KeyPairGenerator;
import java.security.Signature;

/** RS256 (RSA-2048, SHA-256) signing cost on one core with the JDK: the floor of every code exchange. */
public class SignBench {
    public static void main(String[] args) throws Exception {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
        generator.initialize(2048);
        var key = generator.generateKeyPair().getPrivate();
        byte[] data = "eyJhbGciOiJSUzI1NiIsImtpZCI6ImsifQ.eyJpc3MiOiJodHRwOi8vMTI3LjAuMC4xOjgwODMiLCJzdWIiOiJ4In0".getBytes();
        Signature signature = Signature.getInstance("SHA256withRSA");
        for (int i = 0; i < 2000; i++) {
            signature.initSign(key);
            signature.update(data);
            signature.sign();
        }
        int n = 3000;
        long start = System.nanoTime();
        for (int i = 0; i < n; i++) {
            signature.initSign(key);
            signature.update(data);
            signature.sign();
        }
        double ms = (System.nanoTime() - start) / 1e6 / n;
        System.out.printf("RESULT rs256_sign_ms=%.3f rs256_signs_per_s_per_core=%.0f%n", ms, 1000 / ms);
    }
}
